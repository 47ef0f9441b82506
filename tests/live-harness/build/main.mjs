/**
 * The stand-in build's entry (tests/live-harness/stand-in.mjs), started by the harness as it
 * starts Foundry's: `node main.mjs --dataPath=… --port=… --noupnp --noupdate [--world=…]`.
 * Its release (generation and build) is this folder's package.json, as a Node build's is.
 */
import { readFileSync } from "node:fs";

import { parseFlags, startStandIn } from "../stand-in.mjs";

const { release } = JSON.parse(readFileSync(new URL("package.json", import.meta.url), "utf8"));
const env = process.env;
try {
  const server = await startStandIn(parseFlags(process.argv.slice(2)), {
    release,
    licenceServer: env.STAND_IN_LICENCE_SERVER ?? "online",
    host: env.STAND_IN_HOST,
    key: env.STAND_IN_KEY,
    setup: env.STAND_IN_SETUP ?? "normal",
  });
  console.log(`Stand-in server started and listening on ${server.url}`);
  process.once("SIGTERM", () => void server.close().then(() => process.exit(0)));
} catch (error) {
  console.error(`Stand-in server: ${error.message}`);
  process.exit(1);
}
