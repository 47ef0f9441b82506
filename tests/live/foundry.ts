/**
 * A real Foundry VTT server for the live suite, from a licensed Node.js build: unpacked into a
 * temporary folder when it is a zip, started with a temporary data folder on a free loopback port
 * with the documented command-line flags (https://foundryvtt.com/article/configuration/:
 * `node main.js --port=… --dataPath=… --world=…`, `--noupnp`, `--noupdate`), Tempo's fresh build
 * (dist/tempo) installed into Data/systems/tempo, and the flows' world written into Data/worlds.
 *
 * The world is written as Foundry stores one: world.json and one LevelDB database per document
 * collection under data/, built with @foundryvtt/foundryvtt-cli's compilePack from one JSON file
 * per document (each with its `_key`, as for Tempo's packs: scripts/build-packs.mjs).
 *
 * NOT YET RUN against a real server (no licensed build on the machine that wrote it): the licence
 * pages' form fields and the join page's are reached by their visible controls, and where Foundry
 * differs the run fails at that step with Playwright's trace kept (docs/testing.md).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { unzipSync } from "fflate";

/** One Foundry build the suite runs against: a zip to unpack, or an unpacked folder. */
export interface LiveBuild {
  zip?: string;
  path?: string;
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A free loopback port (the OS picks one, then it is released for Foundry). */
async function freePort(): Promise<number> {
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

/** The folder holding main.js: the build's root (v13 and v14 Node.js builds) or resources/app. */
function appFolder(root: string): string {
  for (const candidate of [root, join(root, "resources", "app")])
    if (existsSync(join(candidate, "main.js"))) return candidate;
  throw new Error(`no main.js in ${root} (is it a Foundry VTT Node.js build?)`);
}

/** Unpack a build's zip into a temporary folder. */
function unpack(zip: string): string {
  const out = mkdtempSync(join(tmpdir(), "tempo-foundry-"));
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

/** The Foundry generation a build is (its package.json's release.generation), for the report. */
function generationOf(app: string): number | null {
  try {
    const pkg = JSON.parse(readFileSync(join(app, "package.json"), "utf8")) as {
      release?: { generation?: number };
    };
    return pkg.release?.generation ?? null;
  } catch {
    return null;
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

/** Give every document (and embedded one) its LevelDB key, as compilePack needs. */
function keyed(collection: string, doc: Stored): Stored {
  const out: Stored = { ...doc, _key: `!${collection}!${doc._id}` };
  const embedded: Record<string, string> = { scenes: "tokens", combats: "combatants" };
  const inner = embedded[collection];
  if (inner && Array.isArray(doc[inner]))
    out[inner] = (doc[inner] as Stored[]).map((e) => ({
      ...e,
      _key: `!${collection}.${inner}!${doc._id}.${e._id}`,
    }));
  return out;
}

export class FoundryServer {
  readonly data: string;
  readonly app: string;
  readonly generation: number | null;
  private unpacked: string | null = null;
  private process: ChildProcess | null = null;
  port = 0;

  /** `system`: the Tempo build to install (dist/tempo, as npm run build makes it). */
  constructor(build: LiveBuild, system = join(ROOT, "dist", "tempo")) {
    if (build.zip) this.unpacked = unpack(build.zip);
    this.app = appFolder(this.unpacked ?? build.path ?? "");
    this.generation = generationOf(this.app);
    this.data = mkdtempSync(join(tmpdir(), "tempo-foundry-data-"));
    if (!existsSync(join(system, "system.json"))) throw new Error("no dist/tempo: run npm run build first");
    const systems = join(this.data, "Data", "systems");
    mkdirSync(systems, { recursive: true });
    cpSync(system, join(systems, "tempo"), { recursive: true });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Start the server (with a world to open at once, or at the setup screen), and wait until it answers. */
  async start(world?: string): Promise<void> {
    this.port = await freePort();
    const args = [
      "main.js",
      `--dataPath=${this.data}`,
      `--port=${this.port}`,
      "--noupnp",
      "--noupdate",
      ...(world ? [`--world=${world}`] : []),
    ];
    this.process = spawn(process.execPath, args, { cwd: this.app, stdio: ["ignore", "pipe", "pipe"] });
    for (let i = 0; i < 240; i += 1) {
      if (this.process.exitCode !== null) throw new Error(`Foundry exited with ${this.process.exitCode}`);
      try {
        const answer = await fetch(this.url, { redirect: "manual" });
        if (answer.status > 0) return;
      } catch {
        // not listening yet
      }
      await new Promise((done) => setTimeout(done, 500));
    }
    throw new Error(`Foundry did not answer on ${this.url} within two minutes`);
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGTERM");
    await exited;
  }

  /** Write a world into the data folder (replacing one of the same id). */
  async writeWorld(world: WorldData): Promise<void> {
    const folder = join(this.data, "Data", "worlds", world.id);
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, "world.json"),
      JSON.stringify({
        id: world.id,
        title: world.title,
        system: "tempo",
        coreVersion: String(this.generation ?? ""),
      }),
    );
    const sources = mkdtempSync(join(tmpdir(), "tempo-world-"));
    for (const [collection, docs] of Object.entries(world.collections)) {
      const src = join(sources, collection);
      mkdirSync(src, { recursive: true });
      for (const doc of docs)
        writeFileSync(join(src, `${doc._id}.json`), JSON.stringify(keyed(collection, doc)));
      await compilePack(src, join(folder, "data", collection), { log: false });
    }
    rmSync(sources, { recursive: true, force: true });
  }

  /** Stop the server and remove its temporary folders. */
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.data, { recursive: true, force: true });
    if (this.unpacked) rmSync(this.unpacked, { recursive: true, force: true });
  }
}
