/**
 * The live suite's fixtures: per worker (one per project, i.e. per Foundry build), a Foundry
 * server from that build with its licence signed in a temporary data folder; per test, a
 * LiveBackend over it (tests/live/live-backend.ts).
 */
import { test as base, type Page } from "@playwright/test";

import { FoundryServer, type LiveBuild } from "./foundry";
import { LiveBackend } from "./live-backend";

export type { LiveBuild } from "./foundry";

/**
 * Enter the licence key and sign the licence agreement on a fresh data folder's licence pages,
 * by their visible controls (https://foundryvtt.com/article/installation/: on first launch the
 * server asks for the key, then for the agreement to be signed).
 */
async function signLicence(page: Page, url: string, key: string): Promise<void> {
  await page.goto(`${url}/license`);
  const field = page.locator('input[type="text"], input[type="password"]').first();
  if ((await field.count()) > 0) {
    await field.fill(key);
    await page
      .getByRole("button", { name: /submit|key|continue/i })
      .first()
      .click();
    await page.waitForLoadState();
  }
  const agree = page.getByRole("checkbox").first();
  if ((await agree.count()) > 0) {
    await agree.check();
    await page
      .getByRole("button", { name: /agree|sign|accept/i })
      .first()
      .click();
    await page.waitForLoadState();
  }
}

export const test = base.extend<{ backend: LiveBackend }, { build: LiveBuild; foundry: FoundryServer }>({
  build: [{}, { option: true, scope: "worker" }],
  foundry: [
    async ({ build, browser }, use) => {
      const server = new FoundryServer(build);
      try {
        await server.start();
        const page = await browser.newPage();
        await signLicence(page, server.url, process.env["FOUNDRY_LICENSE_KEY"] ?? "");
        await page.close();
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
