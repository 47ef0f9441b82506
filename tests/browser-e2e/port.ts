/**
 * The loopback port the playground's browser tests serve the playground on (playwright.config.ts).
 * A fixed port failed `npm test` while `npm start` or a second run held it (issue 45), so the port
 * is the operating system's choice of a free one, unless TEMPO_PLAYGROUND_PORT names one (then that
 * port, strictly: a port someone asked for and cannot have is an error, not a silent other port).
 *
 * Playwright reads its config in the runner and again in every worker: the runner's choice is
 * written to TEMPO_PLAYGROUND_PORT, which the workers inherit, so all of them reach the one server.
 */
import { execFileSync } from "node:child_process";

/** The variable that names a port (a person's override, or the runner's choice for its workers). */
export const PORT_VARIABLE = "TEMPO_PLAYGROUND_PORT";

/**
 * A port nobody listens on now on 127.0.0.1, chosen by the operating system (a listen on port 0).
 * Synchronous, as Playwright's config is: a short child Node process asks and prints the answer.
 */
export function freePort(): number {
  const script =
    "const s=require('node:net').createServer();" +
    "s.listen(0,'127.0.0.1',()=>{const p=s.address().port;s.close(()=>process.stdout.write(String(p)));});";
  const port = Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim());
  if (!Number.isInteger(port) || port <= 0) throw new Error(`no free loopback port (got ${port})`);
  return port;
}

/**
 * The port named in `env` (TEMPO_PLAYGROUND_PORT) when there is one; otherwise a free port, which
 * is written back to `env` so the processes started from it (Playwright's workers) agree.
 */
export function playgroundPort(env: NodeJS.ProcessEnv = process.env): number {
  const named = env[PORT_VARIABLE];
  if (named !== undefined && named !== "") {
    const port = Number(named);
    if (!Number.isInteger(port) || port <= 0 || port > 65535)
      throw new Error(`${PORT_VARIABLE} is not a port: ${named}`);
    return port;
  }
  const port = freePort();
  env[PORT_VARIABLE] = String(port);
  return port;
}
