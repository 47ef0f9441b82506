/**
 * The live harness's flow up to the join page, one importable function per step (tests/live/
 * fixtures.ts runs it before the flows; tests/live-harness tests it against a stand-in server):
 * start the server from the build, sign its licence (tests/live/licence.ts), then, per world,
 * write it, restart the server with `--world`, and check that the join page lists the world's
 * users. Each step that fails throws a LiveSetupError naming the step and what to do.
 */
import type { WorldData } from "./foundry";
import { FoundryServer, type LiveBuild, type LiveExtras } from "./foundry";
import { formsOf, Session, titleOf } from "./http";
import { LiveSetupError, signLicence } from "./licence";

/** The server started and signed, and what each step did (for the report). */
export interface Booted {
  server: FoundryServer;
  steps: string[];
}

/**
 * Start a server from `build` and sign its licence with `key` (or the signed license.json in
 * `extras`). The server is disposed of when a step fails.
 */
export async function bootFoundry(
  build: LiveBuild,
  key: string | null,
  options: { system?: string; extras?: LiveExtras; signedWithinMs?: number } = {},
): Promise<Booted> {
  const server = new FoundryServer(build, options.system, options.extras);
  try {
    await server.start();
    const steps = [`server started: ${server.entry} (v${server.generation ?? "?"}) on ${server.url}`];
    steps.push(
      ...(await signLicence(server.url, key, {
        licenceJsonGiven: Boolean(options.extras?.licenceJson),
        signedWithinMs: options.signedWithinMs,
      })),
    );
    steps.push(server.quench !== null ? `Quench ${server.quench} installed` : (server.quenchMissing ?? ""));
    return { server, steps };
  } catch (error) {
    await server.dispose();
    throw error;
  }
}

/** A user the join page offers. */
export interface JoinUser {
  id: string;
  name: string;
}

/** The users the join page of the world the server runs offers, or why there is no join page. */
export async function joinUsers(url: string): Promise<JoinUser[]> {
  const session = new Session(url);
  const join = await session.get("/join");
  if (join.location === "/license")
    throw new LiveSetupError(
      "join",
      "the world did not open: the licence is not signed (/join redirects to /license)",
    );
  if (join.location === "/setup" || join.location === "/")
    throw new LiveSetupError(
      "join",
      "the world did not open: Foundry is at its setup screen (see the server's output)",
    );
  if (join.status !== 200)
    throw new LiveSetupError(
      "join",
      `GET /join answered ${join.status}${join.location ? ` → ${join.location}` : ""}`,
    );
  const select = formsOf(join.html)
    .flatMap((f) => f.fields)
    .find((f) => f.tag === "select" && f.options.length > 0);
  if (!select)
    throw new LiveSetupError(
      "join",
      `the join page ("${titleOf(join.html)}") offers no user to join as: see the trace`,
    );
  return select.options.map((o) => ({ id: o.value, name: o.text }));
}

/**
 * Open `world` on the server: write it, restart with `--world`, and check that the join page
 * offers every one of its users (the seats the flows join as).
 */
export async function openWorld(server: FoundryServer, world: WorldData): Promise<JoinUser[]> {
  await server.stop();
  await server.writeWorld(world);
  await server.start(world.id);
  const users = await joinUsers(server.url);
  const offered = new Set(users.map((u) => u.id));
  const missing = (world.collections["users"] ?? []).filter((u) => !offered.has(u._id));
  if (missing.length > 0)
    throw new LiveSetupError(
      "join",
      `the join page does not offer ${missing.map((u) => String(u["name"] ?? u._id)).join(", ")}: the world's users were not read as written`,
    );
  return users;
}
