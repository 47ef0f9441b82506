/**
 * The browser tests' port (tests/browser-e2e/port.ts, read by playwright.config.ts). Issue 45:
 * "`npm test` while `npm start` runs, or two test runs on one machine, fail today on a fixed port
 * (`http://127.0.0.1:41735 is already used`). The browser tests take a free port." Each check holds
 * a port the way another run (or `npm start`) would, then reads the port the config serves on.
 */
import { createServer, type Server } from "node:net";

import { afterEach, describe, expect, it, vi } from "vitest";

import { PORT_VARIABLE, freePort, playgroundPort } from "../../tests/browser-e2e/port";

/** Listen on `port` of 127.0.0.1 (0: any); null when someone else already holds it. */
function hold(port: number): Promise<Server | null> {
  return new Promise((done) => {
    const server = createServer();
    server.once("error", () => done(null));
    server.listen(port, "127.0.0.1", () => done(server));
  });
}
const release = (server: Server | null): Promise<void> =>
  new Promise((done) => (server ? server.close(() => done()) : done()));
const portOf = (server: Server): number => (server.address() as { port: number }).port;

/** Whether a server could listen on `port` now (the port is free). */
async function bindable(port: number): Promise<boolean> {
  const server = await hold(port);
  await release(server);
  return server !== null;
}

describe("the browser tests' port", () => {
  const before = process.env[PORT_VARIABLE];
  afterEach(() => {
    if (before === undefined) delete process.env[PORT_VARIABLE];
    else process.env[PORT_VARIABLE] = before;
    vi.resetModules();
  });

  it("serves on a free port when the old fixed port 41735 is held by another run (issue 45)", async () => {
    delete process.env[PORT_VARIABLE];
    const other = await hold(41735);
    try {
      vi.resetModules();
      const config = (await import("../../playwright.config")).default;
      const url = new URL(String(config.use?.baseURL));
      const port = Number(url.port);
      expect(port).not.toBe(41735);
      expect(await bindable(port)).toBe(true);
      // The web server Playwright starts listens on that same port, and the workers inherit it.
      const server = config.webServer as { command: string; url: string };
      expect(server.command).toContain(`--port ${port} --strictPort`);
      expect(server.url).toBe(url.origin);
      expect(process.env[PORT_VARIABLE]).toBe(String(port));
    } finally {
      await release(other);
    }
  });

  it("never picks a port another server holds", async () => {
    const other = await hold(0);
    try {
      const held = portOf(other!);
      for (let i = 0; i < 5; i += 1) {
        const port = freePort();
        expect(port).not.toBe(held);
        expect(await bindable(port)).toBe(true);
      }
    } finally {
      await release(other);
    }
  });

  it("keeps TEMPO_PLAYGROUND_PORT as a person's override, and refuses one that is not a port", () => {
    expect(playgroundPort({ [PORT_VARIABLE]: "41755" })).toBe(41755);
    expect(() => playgroundPort({ [PORT_VARIABLE]: "http" })).toThrow(/not a port: http/);
    expect(() => playgroundPort({ [PORT_VARIABLE]: "70000" })).toThrow(/not a port/);
  });

  it("writes its choice back, so Playwright's workers (which inherit the variable) agree with the runner", () => {
    const env: NodeJS.ProcessEnv = {};
    const port = playgroundPort(env);
    expect(env[PORT_VARIABLE]).toBe(String(port));
    expect(playgroundPort(env)).toBe(port);
  });
});
