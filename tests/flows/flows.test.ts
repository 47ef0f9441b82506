/**
 * Every flow of tests/flows/flows.ts on the simulated table, under Foundry v13 and v14: the same
 * flow code `npm run test:live` runs against a real Foundry server (tests/live/flows.spec.ts).
 */
import { describe, it } from "vitest";

import { TABLE_TIMEOUT_MS } from "../foundry/table";
import { FLOWS } from "./flows";
import { TableBackend } from "./table-backend";

describe.each([13, 14] as const)("the flows on the simulated table (v%i)", (version) => {
  for (const flow of FLOWS)
    // A flow today's adapter is known to fail (its knownFailure names the issue) is expected to fail.
    (flow.knownFailure ? it.fails : it)(flow.name, { timeout: TABLE_TIMEOUT_MS }, async () => {
      const backend = new TableBackend(version);
      try {
        await flow.run(backend);
      } finally {
        await backend.close();
      }
    });
});
