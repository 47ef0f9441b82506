/**
 * The flows of tests/flows/flows.ts on a real Foundry server: the very flow objects the simulated
 * table runs (tests/flows/flows.test.ts), so a difference between the stand-ins and Foundry is a
 * failing test here. Run with npm run test:live (scripts/test-live.mjs, docs/testing.md).
 */
import { FLOWS } from "../flows/flows";
import { test } from "./fixtures";

for (const flow of FLOWS)
  test(flow.name, async ({ backend }) => {
    test.info().annotations.push({ type: "backend", description: backend.name });
    // Expected to fail where today's adapter is known to (the flow names the issue that fixes it).
    test.fail(flow.knownFailure !== undefined, flow.knownFailure);
    await flow.run(backend);
  });
