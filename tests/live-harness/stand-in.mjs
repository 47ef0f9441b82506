/**
 * A stand-in for a Foundry VTT server, for the live harness's own tests (tests/live-harness):
 * NOT Foundry, and nothing of Foundry's code. It follows the steps the public material describes
 * a fresh Foundry server taking, so the harness's flow (tests/live/boot.ts) is tested up to the
 * join page, each failure path included:
 *
 * - Started as `node main.mjs --dataPath=… --port=… --noupnp --noupdate [--world=…]`
 *   (https://foundryvtt.com/article/configuration/); it binds 127.0.0.1 only and records the
 *   arguments it got in `<dataPath>/stand-in-args.json`.
 * - Until the licence is signed, every page redirects to /license. The licence page first asks for
 *   the key; signing it needs Foundry's licence server, and the signature is tied to the host
 *   (felddy/foundryvtt-docker#646): with `licenceServer: "offline"` the key form comes back with
 *   an error. Then it asks for the licence agreement (EULA); a world opens only once it is signed
 *   (the Configuration article: the EULA must be accepted before `--world` works).
 * - The signed licence is kept in `<dataPath>/Config/license.json`, for this host only: a copy
 *   signed for another host is not taken (the key is asked again).
 * - /setup answers once the licence is signed; with `--world=<id>` the world is checked (its
 *   world.json, its system installed) and its users are read back from its LevelDB `users`
 *   database with @foundryvtt/foundryvtt-cli's extractPack, and /join lists them.
 *
 * Options come from the environment of the process (main.mjs): STAND_IN_LICENCE_SERVER
 * ("online" | "offline"), STAND_IN_HOST (the host name signatures are tied to), STAND_IN_KEY (the
 * one valid key), STAND_IN_SETUP ("normal" | "stuck": /setup keeps redirecting to /license after
 * the agreement, as a broken install would).
 */
import { createServer } from "node:http";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";

import { extractPack } from "@foundryvtt/foundryvtt-cli";

/** The key the stand-in's "licence server" accepts unless told otherwise. */
export const STAND_IN_KEY = "TEMP-OSTA-NDIN-KEYS-0000-0001";

const escape = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

const page = (title, body, message) =>
  `<!DOCTYPE html><html><head><title>${escape(title)}</title></head><body>` +
  (message ? `<p class="notification error">${escape(message)}</p>` : "") +
  `${body}</body></html>`;

/** Parse the command line as Foundry's documented flags (`--name=value` or `--flag`). */
export function parseFlags(argv) {
  const flags = {};
  for (const arg of argv) {
    const match = /^--([^=]+)(?:=(.*))?$/.exec(arg);
    if (match) flags[match[1]] = match[2] ?? true;
  }
  return flags;
}

/** Read a form body (application/x-www-form-urlencoded). */
async function formOf(request) {
  let body = "";
  for await (const chunk of request) body += chunk;
  return Object.fromEntries(new URLSearchParams(body));
}

/** Check a world as the stand-in opens it; the reason it cannot, or its users. */
async function openWorld(dataPath, id, release) {
  const folder = join(dataPath, "Data", "worlds", id);
  const manifestPath = join(folder, "world.json");
  if (!existsSync(manifestPath)) return { refusal: `no world "${id}" in ${join(dataPath, "Data", "worlds")}` };
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  if (manifest.id !== id) return { refusal: `world.json's id is "${manifest.id}", not "${id}"` };
  const core = `${release.generation}.${release.build}`;
  if (manifest.coreVersion !== core)
    return { refusal: `world.json's coreVersion is "${manifest.coreVersion}", this server is ${core}` };
  const systemPath = join(dataPath, "Data", "systems", String(manifest.system), "system.json");
  if (!existsSync(systemPath)) return { refusal: `the world's system "${manifest.system}" is not installed` };
  const system = JSON.parse(readFileSync(systemPath, "utf8"));
  if (manifest.systemVersion !== system.version)
    return { refusal: `world.json's systemVersion is "${manifest.systemVersion}", the system is ${system.version}` };
  const out = mkdtempSync(join(tmpdir(), "stand-in-users-"));
  try {
    await extractPack(join(folder, "data", "users"), out, { log: false });
    const users = readdirSync(out).map((file) => JSON.parse(readFileSync(join(out, file), "utf8")));
    return { users: users.map((u) => ({ id: u._id, name: u.name })) };
  } catch (error) {
    return { refusal: `the world's users could not be read: ${error.message}` };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * Start the stand-in on 127.0.0.1. `flags`: the command line's (dataPath, port, world);
 * `options`: { release: { generation, build }, licenceServer, host, key, setup }.
 * Resolves with { url, close } once it listens, or rejects with the reason it cannot start.
 */
export async function startStandIn(flags, options) {
  const dataPath = flags.dataPath;
  if (typeof dataPath !== "string") throw new Error("--dataPath is required");
  const port = Number(flags.port ?? 30000);
  const host = options.host ?? hostname();
  const validKey = options.key ?? STAND_IN_KEY;
  const config = join(dataPath, "Config");
  const licencePath = join(config, "license.json");
  mkdirSync(config, { recursive: true });
  writeFileSync(join(dataPath, "stand-in-args.json"), JSON.stringify(flags));

  // The licence as the stand-in keeps it: taken only when signed for this host.
  let licence = { key: null, agreed: false };
  if (existsSync(licencePath)) {
    const kept = JSON.parse(readFileSync(licencePath, "utf8"));
    if (kept.signature === `stand-in:${host}:${kept.key}`) licence = { key: kept.key, agreed: kept.agreed === true };
  }
  const save = () =>
    writeFileSync(
      licencePath,
      JSON.stringify({ key: licence.key, signature: `stand-in:${host}:${licence.key}`, agreed: licence.agreed }),
    );
  const signed = () => licence.key !== null && licence.agreed;
  let setupStuck = options.setup === "stuck";

  let world = null;
  if (typeof flags.world === "string") {
    if (!signed()) throw new Error(`cannot launch world "${flags.world}": the software licence is not signed`);
    const opened = await openWorld(dataPath, flags.world, options.release);
    if (opened.refusal) throw new Error(`cannot launch world "${flags.world}": ${opened.refusal}`);
    world = { id: flags.world, users: opened.users };
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const send = (status, html) => {
      response.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      response.end(html);
    };
    const redirect = (to) => {
      response.writeHead(302, { location: to });
      response.end();
    };
    if (url.pathname === "/license") {
      if (signed()) return redirect("/");
      if (request.method === "POST") {
        const form = await formOf(request);
        if (licence.key === null) {
          const key = String(form.key ?? "").trim();
          if (options.licenceServer === "offline")
            return send(200, keyPage("Unable to contact the licence server to sign this key."));
          if (key !== validKey) return send(200, keyPage("That software licence key is not valid."));
          licence.key = key;
          save();
          return redirect("/license");
        }
        if (form.agree !== "on" || form.decision !== "agree")
          return send(200, agreementPage("You must agree to the licence terms to continue."));
        licence.agreed = true;
        save();
        return redirect("/setup");
      }
      return send(200, licence.key === null ? keyPage() : agreementPage());
    }
    if (!signed() || (url.pathname === "/setup" && setupStuck)) return redirect("/license");
    if (url.pathname === "/" || url.pathname === "/join") {
      if (!world) return redirect("/setup");
      if (url.pathname === "/") return redirect("/join");
      const options = world.users.map((u) => `<option value="${escape(u.id)}">${escape(u.name)}</option>`).join("");
      return send(
        200,
        page(
          "Join Game Session",
          `<form method="post" action="/join"><select name="userid">${options}</select>` +
            `<input type="password" name="password"><button type="submit" name="join">Join Game Session</button></form>`,
        ),
      );
    }
    if (url.pathname === "/setup") return world ? redirect("/join") : send(200, page("Setup", "<h1>Worlds</h1>"));
    return send(404, page("Not found", ""));
  });

  const keyPage = (message) =>
    page(
      "Software licence",
      `<form method="post" action="/license"><input type="text" name="key" placeholder="XXXX-XXXX-XXXX-XXXX-XXXX-XXXX">` +
        `<button type="submit" name="submit">Submit Key</button></form>`,
      message,
    );
  const agreementPage = (message) =>
    page(
      "End User License Agreement",
      `<form method="post" action="/license"><p>Terms.</p><input type="checkbox" name="agree">` +
        `<button type="submit" name="decision" value="decline">Decline</button>` +
        `<button type="submit" name="decision" value="agree">Agree</button></form>`,
      message,
    );

  await new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", done);
  });
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`,
    close: () => new Promise((done) => server.close(() => done())),
    unstick: () => {
      setupStuck = false;
    },
  };
}
