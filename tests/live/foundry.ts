/**
 * A real Foundry VTT server for the live suite, from a licensed Node.js build: unpacked into a
 * temporary folder when it is a zip, started with a temporary data folder on a free loopback port
 * with the documented command-line flags (https://foundryvtt.com/article/configuration/:
 * `node main.mjs --port=… --dataPath=… --world=…`, `--noupnp`, `--noupdate`; public launch lines
 * for v13 and v14 name the entry `main.mjs` or `main.js`, both are accepted), Tempo's fresh build
 * (dist/tempo) installed into Data/systems/tempo, a signed Config/license.json copied in when one
 * is given, Quench installed into Data/modules/quench when it is given, and the flows' world
 * written into Data/worlds.
 *
 * The world is written as Foundry stores one: world.json (the core version's generation and build,
 * Tempo's version) and one LevelDB database per document collection under data/, built with
 * @foundryvtt/foundryvtt-cli's compilePack from one JSON file per document, each document and each
 * embedded one with its `_key` (as for Tempo's packs: scripts/build-packs.mjs).
 *
 * NOT YET RUN against a real server (no licensed build on the machine that wrote it); its steps
 * are tested against a stand-in server (tests/live-harness), and each step that fails says which
 * and why (tests/live/licence.ts LiveSetupError).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { unzipSync } from "fflate";

import { LiveSetupError } from "./licence";

/** One Foundry build the suite runs against: a zip to unpack, or an unpacked folder. */
export interface LiveBuild {
  zip?: string;
  path?: string;
}

/** What the server is started with besides the build (scripts/test-live.mjs reads them from the environment). */
export interface LiveExtras {
  /** A Config/license.json already signed for this host (FOUNDRY_LICENSE_JSON). */
  licenceJson?: string | null;
  /** The Quench module: its folder or zip (FOUNDRY_QUENCH). */
  quench?: string | null;
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A free loopback port (the OS picks one, then it is released for Foundry). */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** The entry files a Node build may start from, in the order they are looked for. */
export const ENTRIES = ["main.mjs", "main.js"] as const;

/**
 * Where a build starts: its app folder (the build's root, or resources/app) and its entry file,
 * `main.mjs` or `main.js` (both appear in public launch lines for v13 and v14).
 */
export function entryOf(root: string): { app: string; entry: string } {
  for (const app of [root, join(root, "resources", "app")])
    for (const entry of ENTRIES) if (existsSync(join(app, entry))) return { app, entry };
  throw new LiveSetupError(
    "build",
    `no ${ENTRIES.join(" or ")} in ${root} or its resources/app: is it a Foundry VTT Node.js build (not the desktop one)?`,
  );
}

/** The command line the server is started with: its entry and the documented flags. */
export function launchArgs(
  entry: string,
  options: { dataPath: string; port: number; world?: string },
): string[] {
  return [
    entry,
    `--dataPath=${options.dataPath}`,
    `--port=${options.port}`,
    "--noupnp",
    "--noupdate",
    ...(options.world ? [`--world=${options.world}`] : []),
  ];
}

/** Unpack a zip into a temporary folder (refusing entries outside it). */
export function unpack(zip: string, prefix = "tempo-foundry-"): string {
  const out = mkdtempSync(join(tmpdir(), prefix));
  const files = unzipSync(readFileSync(zip));
  for (const [name, bytes] of Object.entries(files)) {
    if (name.endsWith("/")) continue;
    const target = resolve(out, name);
    if (!target.startsWith(out)) throw new Error(`refusing a zip entry outside its folder: ${name}`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
  return out;
}

/** A build's release, from its package.json (`release.generation`, `release.build`). */
export interface Release {
  generation: number | null;
  build: number | null;
}

export function releaseOf(app: string): Release {
  try {
    const pkg = JSON.parse(readFileSync(join(app, "package.json"), "utf8")) as {
      release?: { generation?: number; build?: number };
    };
    return { generation: pkg.release?.generation ?? null, build: pkg.release?.build ?? null };
  } catch {
    return { generation: null, build: null };
  }
}

/** A document as a world's database holds it, with its `_key` and embedded collections. */
export type Stored = Record<string, unknown> & { _id: string };

/** The flows' world in Foundry's storage: documents per collection (users, actors, scenes, combats, settings). */
export interface WorldData {
  id: string;
  title: string;
  collections: Record<string, Stored[]>;
}

/**
 * The embedded collections of each document collection (and of embedded ones), as a world's
 * database keys them: `!actors.items!<actorId>.<itemId>`, `!actors.items.effects!<a>.<i>.<e>`.
 */
const EMBEDDED: Record<string, string[]> = {
  actors: ["items", "effects"],
  "actors.items": ["effects"],
  items: ["effects"],
  scenes: ["tokens", "drawings", "lights", "notes", "regions", "sounds", "templates", "tiles", "walls"],
  "scenes.regions": ["behaviors"],
  combats: ["combatants", "groups"],
  journal: ["pages"],
  cards: ["cards"],
  tables: ["results"],
  playlists: ["sounds"],
};

/** Give a document and every document embedded in it its LevelDB key, as compilePack needs. */
export function keyed(collection: string, doc: Stored, parentIds: string[] = []): Stored {
  const ids = [...parentIds, doc._id];
  const out: Stored = { ...doc, _key: `!${collection}!${ids.join(".")}` };
  for (const inner of EMBEDDED[collection] ?? []) {
    const docs = doc[inner];
    if (Array.isArray(docs))
      out[inner] = (docs as Stored[]).map((e) => keyed(`${collection}.${inner}`, e, ids));
  }
  return out;
}

/** Tempo's own manifest (its id and version), from the build installed. */
function systemManifest(system: string): { id: string; version: string } {
  return JSON.parse(readFileSync(join(system, "system.json"), "utf8")) as { id: string; version: string };
}

/** The Quench manifest's problems for v13 and v14 (empty when it installs), and its version. */
export function checkQuench(folder: string): { version: string | null; problems: string[] } {
  const path = join(folder, "module.json");
  if (!existsSync(path)) return { version: null, problems: [`no module.json in ${folder}`] };
  const manifest = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  const problems: string[] = [];
  if (manifest["id"] !== "quench")
    problems.push(
      manifest["name"] === "quench"
        ? 'its manifest names the module with the legacy "name" key and has no "id": v13 refuses a manifest without "id"'
        : `its manifest's id is ${JSON.stringify(manifest["id"])}, not "quench"`,
    );
  return { version: typeof manifest["version"] === "string" ? manifest["version"] : null, problems };
}

export class FoundryServer {
  readonly data: string;
  readonly app: string;
  readonly entry: string;
  readonly release: Release;
  /** Quench's version when it was given and installs, else null (quenchMissing says why). */
  readonly quench: string | null = null;
  readonly quenchMissing: string | null = null;
  private readonly unpacked: string[] = [];
  private process: ChildProcess | null = null;
  /** The server's last lines of output, for a failure's message. */
  private output: string[] = [];
  port = 0;

  /** `system`: the Tempo build to install (dist/tempo, as npm run build makes it). */
  constructor(build: LiveBuild, system = join(ROOT, "dist", "tempo"), extras: LiveExtras = {}) {
    if (!existsSync(join(system, "system.json")))
      throw new LiveSetupError("build", "no dist/tempo: run npm run build first");
    const root = build.zip ? unpack(build.zip) : (build.path ?? "");
    if (build.zip) this.unpacked.push(root);
    ({ app: this.app, entry: this.entry } = entryOf(root));
    this.release = releaseOf(this.app);
    this.data = mkdtempSync(join(tmpdir(), "tempo-foundry-data-"));
    const systems = join(this.data, "Data", "systems");
    mkdirSync(systems, { recursive: true });
    cpSync(system, join(systems, "tempo"), { recursive: true });
    if (extras.licenceJson) {
      if (!existsSync(extras.licenceJson))
        throw new LiveSetupError("licence", `FOUNDRY_LICENSE_JSON: ${extras.licenceJson} does not exist`);
      mkdirSync(join(this.data, "Config"), { recursive: true });
      cpSync(extras.licenceJson, join(this.data, "Config", "license.json"));
    }
    if (!extras.quench)
      this.quenchMissing = "Quench not given (FOUNDRY_QUENCH): Tempo's Quench batches are not run";
    else {
      const folder = extras.quench.endsWith(".zip") ? unpack(extras.quench, "tempo-quench-") : extras.quench;
      if (folder !== extras.quench) this.unpacked.push(folder);
      const checked = checkQuench(folder);
      if (checked.problems.length > 0)
        this.quenchMissing = `the Quench given (${extras.quench}) does not install: ${checked.problems.join("; ")}`;
      else {
        cpSync(folder, join(this.data, "Data", "modules", "quench"), { recursive: true });
        this.quench = checked.version ?? "?";
      }
    }
  }

  /** The generation this build is (13, 14), or null when its package.json does not say. */
  get generation(): number | null {
    return this.release.generation;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private lastOutput(): string {
    const tail = this.output.slice(-15).join("\n").trim();
    return tail ? ` Its last output:\n${tail}` : "";
  }

  /** Start the server (with a world to open at once, or at the setup screen), and wait until it answers. */
  async start(world?: string, answerWithinMs = 120_000): Promise<void> {
    this.port = await freePort();
    this.output = [];
    const child = spawn(
      process.execPath,
      launchArgs(this.entry, { dataPath: this.data, port: this.port, world }),
      {
        cwd: this.app,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    this.process = child;
    const keep = (chunk: Buffer): void => {
      this.output.push(...chunk.toString("utf8").split("\n"));
      if (this.output.length > 200) this.output.splice(0, this.output.length - 200);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    const until = Date.now() + answerWithinMs;
    while (Date.now() < until) {
      if (child.exitCode !== null)
        throw new LiveSetupError(
          "start",
          `Foundry (${this.entry}${world ? ` --world=${world}` : ""}) exited with code ${child.exitCode} before it answered.${this.lastOutput()}`,
        );
      try {
        const answer = await fetch(this.url, { redirect: "manual" });
        if (answer.status > 0) return;
      } catch {
        // not listening yet
      }
      await new Promise((done) => setTimeout(done, 250));
    }
    throw new LiveSetupError(
      "start",
      `Foundry did not answer on ${this.url} within ${answerWithinMs / 1000} s.${this.lastOutput()}`,
    );
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGTERM");
    await exited;
  }

  /**
   * Write a world into the data folder (replacing one of the same id): world.json with the core
   * version this build is and Tempo's version, Quench enabled when it is installed.
   */
  async writeWorld(world: WorldData): Promise<void> {
    const folder = join(this.data, "Data", "worlds", world.id);
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    const tempo = systemManifest(join(this.data, "Data", "systems", "tempo"));
    const { generation, build } = this.release;
    const core = generation === null ? "" : build === null ? String(generation) : `${generation}.${build}`;
    writeFileSync(
      join(folder, "world.json"),
      JSON.stringify({
        id: world.id,
        title: world.title,
        system: tempo.id,
        systemVersion: tempo.version,
        coreVersion: core,
        compatibility: { minimum: String(generation ?? ""), verified: core },
      }),
    );
    const collections = { ...world.collections };
    if (this.quench !== null) {
      const settings = [...(collections["settings"] ?? [])];
      settings.push({
        _id: "tempoQuenchModul",
        key: "core.moduleConfiguration",
        value: JSON.stringify({ quench: true }),
      });
      collections["settings"] = settings;
    }
    const sources = mkdtempSync(join(tmpdir(), "tempo-world-"));
    try {
      for (const [collection, docs] of Object.entries(collections)) {
        const src = join(sources, collection);
        mkdirSync(src, { recursive: true });
        for (const doc of docs)
          writeFileSync(join(src, `${doc._id}.json`), JSON.stringify(keyed(collection, doc)));
        await compilePack(src, join(folder, "data", collection), { log: false });
      }
    } finally {
      rmSync(sources, { recursive: true, force: true });
    }
  }

  /** Stop the server and remove its temporary folders. */
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.data, { recursive: true, force: true });
    for (const folder of this.unpacked) rmSync(folder, { recursive: true, force: true });
  }
}
