/**
 * The live suite's fixtures: per worker (one per project, i.e. per Foundry build), a Foundry
 * server from that build with its licence signed in a temporary data folder (tests/live/boot.ts:
 * each step checked, a failing one named in plain words); per test, a LiveBackend over it
 * (tests/live/live-backend.ts).
 */
import { test as base } from "@playwright/test";

import { bootFoundry } from "./boot";
import type { FoundryServer, LiveBuild } from "./foundry";
import { LiveBackend } from "./live-backend";

export type { LiveBuild } from "./foundry";

export const test = base.extend<{ backend: LiveBackend }, { build: LiveBuild; foundry: FoundryServer }>({
  build: [{}, { option: true, scope: "worker" }],
  foundry: [
    async ({ build }, use, workerInfo) => {
      const env = process.env;
      const { server, steps } = await bootFoundry(build, env["FOUNDRY_LICENSE_KEY"] || null, {
        extras: { licenceJson: env["FOUNDRY_LICENSE_JSON"] || null, quench: env["FOUNDRY_QUENCH"] || null },
      });
      for (const step of steps) console.log(`[${workerInfo.project.name}] ${step}`);
      try {
        await use(server);
      } finally {
        await server.dispose();
      }
    },
    { scope: "worker", timeout: 600_000 },
  ],
  backend: async ({ foundry, browser }, use) => {
    const backend = new LiveBackend(foundry, browser);
    try {
      await use(backend);
    } finally {
      await backend.close();
    }
  },
});
