/**
 * The live harness's flow (tests/live/boot.ts, licence.ts, foundry.ts) against a stand-in Foundry
 * server (stand-in.mjs, started from build/main.mjs as the harness starts a Node build): the
 * server started with the documented flags, the licence key then the agreement posted to
 * /license, /setup checked, the world written and opened with --world, the join page reached.
 * Each failure path says plainly which step failed and why.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join, resolve } from "node:path";

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { bootFoundry, joinUsers, openWorld } from "../live/boot";
import { checkQuench, entryOf, FoundryServer, keyed, launchArgs } from "../live/foundry";
import { LiveSetupError } from "../live/licence";
import { flowsWorld, liveId } from "../live/world";
// @ts-expect-error: a plain ES module without types (the stand-in is run by node as it is)
import { STAND_IN_KEY } from "./stand-in.mjs";

const BUILD = resolve(__dirname, "build");
const made: string[] = [];
const temp = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
let system = "";
const servers: FoundryServer[] = [];
const STAND_IN_ENV = ["STAND_IN_LICENCE_SERVER", "STAND_IN_HOST", "STAND_IN_SETUP", "STAND_IN_KEY"];

beforeAll(() => {
  // A stand-in of dist/tempo: the repository's manifest (its id and version) is all the harness reads.
  system = temp("tempo-system-");
  writeFileSync(join(system, "system.json"), readFileSync(resolve(__dirname, "../../system.json")));
});
afterEach(async () => {
  for (const name of STAND_IN_ENV) delete process.env[name];
  for (const server of servers.splice(0)) await server.dispose();
});
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Boot the stand-in build; the server is disposed of after the test. */
async function boot(key: string | null, extras = {}, signedWithinMs?: number) {
  const booted = await bootFoundry({ path: BUILD }, key, { system, extras, signedWithinMs });
  servers.push(booted.server);
  return booted;
}

/** The LiveSetupError a promise rejects with. */
async function failure(promise: Promise<unknown>): Promise<LiveSetupError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LiveSetupError);
  return error as LiveSetupError;
}

const TEMPO_VERSION = (
  JSON.parse(readFileSync(resolve(__dirname, "../../system.json"), "utf8")) as { version: string }
).version;

describe("starting the server", () => {
  it("finds the entry main.mjs or main.js, at the build's root or in resources/app", () => {
    const mjs = temp("build-mjs-");
    writeFileSync(join(mjs, "main.mjs"), "");
    expect(entryOf(mjs)).toEqual({ app: mjs, entry: "main.mjs" });
    const js = temp("build-js-");
    mkdirSync(join(js, "resources", "app"), { recursive: true });
    writeFileSync(join(js, "resources", "app", "main.js"), "");
    expect(entryOf(js)).toEqual({ app: join(js, "resources", "app"), entry: "main.js" });
  });

  it("says plainly when the folder is no Node build", () => {
    const empty = temp("build-none-");
    expect(() => entryOf(empty)).toThrow(/build: no main\.mjs or main\.js in .* Node\.js build/);
  });

  it("starts with the documented flags: --dataPath, --port, --noupnp, --noupdate (and --world when opening one)", async () => {
    expect(launchArgs("main.js", { dataPath: "/d", port: 4, world: "w" })).toEqual([
      "main.js",
      "--dataPath=/d",
      "--port=4",
      "--noupnp",
      "--noupdate",
      "--world=w",
    ]);
    const { server } = await boot(STAND_IN_KEY);
    const args = JSON.parse(readFileSync(join(server.data, "stand-in-args.json"), "utf8")) as Record<
      string,
      unknown
    >;
    expect(args).toEqual({ dataPath: server.data, port: String(server.port), noupnp: true, noupdate: true });
    expect([server.entry, server.generation, server.release.build]).toEqual(["main.mjs", 13, 351]);
  });

  it("starts a build whose entry is main.js the same way", async () => {
    const build = temp("build-main-js-");
    cpSync(join(BUILD, "package.json"), join(build, "package.json"));
    writeFileSync(join(build, "main.js"), `import ${JSON.stringify(join(BUILD, "main.mjs"))};\n`);
    const booted = await bootFoundry({ path: build }, STAND_IN_KEY, { system });
    servers.push(booted.server);
    expect(booted.server.entry).toBe("main.js");
    expect(booted.steps).toContain("/setup no longer redirects to /license");
  });

  it("says the server exited, with its last output, when it stops before answering", async () => {
    const build = temp("build-exits-");
    writeFileSync(join(build, "main.mjs"), 'console.error("Error: the port is in use"); process.exit(3);\n');
    const error = await failure(bootFoundry({ path: build }, STAND_IN_KEY, { system }));
    expect(error.message).toMatch(/^start: Foundry \(main\.mjs\) exited with code 3 before it answered/);
    expect(error.message).toContain("the port is in use");
  });
});

describe("signing the licence", () => {
  it("posts the key, then the agreement, and waits until /setup no longer redirects to /license", async () => {
    const { server, steps } = await boot(STAND_IN_KEY);
    expect(steps.slice(1, 4)).toEqual([
      "licence key signed",
      "licence agreement signed",
      "/setup no longer redirects to /license",
    ]);
    const setup = await fetch(`${server.url}/setup`, { redirect: "manual" });
    expect(setup.status).toBe(200);
    expect(existsSync(join(server.data, "Config", "license.json"))).toBe(true);
  });

  it("says the key step needs internet access to Foundry's licence server when signing fails", async () => {
    process.env["STAND_IN_LICENCE_SERVER"] = "offline";
    const error = await failure(boot(STAND_IN_KEY));
    expect(error.step).toBe("licence key");
    expect(error.message).toContain(
      "licence not signed: this step needs internet access to Foundry's licence server",
    );
    expect(error.message).toContain('The page says: "Unable to contact the licence server');
  });

  it("passes on the page's refusal of a wrong key", async () => {
    const error = await failure(boot("WRON-GKEY"));
    expect(error.message).toContain("licence not signed");
    expect(error.message).toContain("That software licence key is not valid.");
  });

  it("says what it needs when neither a key nor a signed license.json is given", async () => {
    const error = await failure(boot(null));
    expect(error.message).toMatch(
      /no licence key was given: set FOUNDRY_LICENSE_KEY, or FOUNDRY_LICENSE_JSON/,
    );
  });

  it("reuses a Config/license.json signed for this host: no key needed", async () => {
    const licence = join(temp("licence-"), "license.json");
    const host = hostname();
    writeFileSync(
      licence,
      JSON.stringify({ key: STAND_IN_KEY, signature: `stand-in:${host}:${STAND_IN_KEY}`, agreed: true }),
    );
    const { steps } = await boot(null, { licenceJson: licence });
    expect(steps[1]).toBe("licence already signed");
  });

  it("says a license.json signed for another host was not taken", async () => {
    const licence = join(temp("licence-"), "license.json");
    writeFileSync(
      licence,
      JSON.stringify({ key: STAND_IN_KEY, signature: `stand-in:another-host:${STAND_IN_KEY}`, agreed: true }),
    );
    const error = await failure(boot(null, { licenceJson: licence }));
    expect(error.message).toContain("the given license.json (FOUNDRY_LICENSE_JSON) was not taken");
    // With the key as well, it signs again on this host and says the copy was not taken.
    const { steps } = await boot(STAND_IN_KEY, { licenceJson: licence });
    expect(steps[1]).toMatch(/^the given license\.json was not taken/);
    expect(steps).toContain("licence agreement signed");
  });

  it("says so when /setup still redirects to /license after the key and the agreement", async () => {
    process.env["STAND_IN_SETUP"] = "stuck";
    const error = await failure(boot(STAND_IN_KEY, {}, 1_000));
    expect(error.message).toMatch(
      /^licence: the key and the agreement were taken, but \/setup still redirects to \/license/,
    );
  });
});

describe("opening the world", () => {
  it("writes world.json with the core version's generation and build and Tempo's version, and reaches the join page with every seat's user", async () => {
    const { server } = await boot(STAND_IN_KEY);
    const world = flowsWorld();
    const users = await openWorld(server, world.data);
    expect(users.map((u) => u.id).sort()).toEqual(["a1", "gm", "p1", "p2"].map(liveId).sort());
    const manifest = JSON.parse(
      readFileSync(join(server.data, "Data", "worlds", world.data.id, "world.json"), "utf8"),
    ) as Record<string, unknown>;
    expect(manifest).toMatchObject({ system: "tempo", systemVersion: TEMPO_VERSION, coreVersion: "13.351" });
    const args = JSON.parse(readFileSync(join(server.data, "stand-in-args.json"), "utf8")) as Record<
      string,
      unknown
    >;
    expect(args["world"]).toBe(world.data.id);
  });

  it("says the world did not open when the server refuses it (here: the licence not signed)", async () => {
    const server = new FoundryServer({ path: BUILD }, system);
    servers.push(server);
    const error = await failure(openWorld(server, flowsWorld().data));
    expect(error.message).toMatch(/^start: Foundry \(main\.mjs --world=tempo-live\) exited with code 1/);
    expect(error.message).toContain("the software licence is not signed");
  });

  it("says the join page is not there while Foundry is at its setup screen", async () => {
    const { server } = await boot(STAND_IN_KEY);
    const error = await failure(joinUsers(server.url));
    expect(error.message).toBe(
      "join: the world did not open: Foundry is at its setup screen (see the server's output)",
    );
  });

  it("keys every embedded document, an actor's items and their effects too, as foundryvtt-cli needs", () => {
    const actor = {
      _id: "actor0000000000a",
      items: [{ _id: "item00000000000a", effects: [{ _id: "effect000000000a" }] }],
      effects: [{ _id: "effect000000000b" }],
    };
    const out = keyed("actors", actor) as unknown as {
      _key: string;
      items: { _key: string; effects: { _key: string }[] }[];
      effects: { _key: string }[];
    };
    expect(out._key).toBe("!actors!actor0000000000a");
    expect(out.items[0]?._key).toBe("!actors.items!actor0000000000a.item00000000000a");
    expect(out.items[0]?.effects[0]?._key).toBe(
      "!actors.items.effects!actor0000000000a.item00000000000a.effect000000000a",
    );
    expect(out.effects[0]?._key).toBe("!actors.effects!actor0000000000a.effect000000000b");
  });
});

describe("Quench", () => {
  it("says plainly that Quench is missing when none is given", async () => {
    const { steps } = await boot(STAND_IN_KEY);
    expect(steps).toContain("Quench not given (FOUNDRY_QUENCH): Tempo's Quench batches are not run");
  });

  it("refuses a Quench manifest v13 would refuse (the legacy name key, no id), and installs one with its id", () => {
    const legacy = temp("quench-legacy-");
    writeFileSync(join(legacy, "module.json"), JSON.stringify({ name: "quench", version: "0.9.2" }));
    expect(checkQuench(legacy).problems).toEqual([
      'its manifest names the module with the legacy "name" key and has no "id": v13 refuses a manifest without "id"',
    ]);
    const good = temp("quench-good-");
    writeFileSync(join(good, "module.json"), JSON.stringify({ id: "quench", version: "0.10.0" }));
    const server = new FoundryServer({ path: BUILD }, system, { quench: good });
    servers.push(server);
    expect([server.quench, server.quenchMissing]).toEqual(["0.10.0", null]);
    expect(existsSync(join(server.data, "Data", "modules", "quench", "module.json"))).toBe(true);
    const refused = new FoundryServer({ path: BUILD }, system, { quench: legacy });
    servers.push(refused);
    expect(refused.quench).toBeNull();
    expect(refused.quenchMissing).toContain(
      "does not install: its manifest names the module with the legacy",
    );
  });
});
