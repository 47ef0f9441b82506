/**
 * Each browser run starts with an empty test-artifacts/browser/, as its screenshots are this run's.
 * A second run on the same checkout may be writing there meanwhile (two runs coexist, issue 45):
 * what cannot be emptied is left, and the run goes on.
 */
import { mkdirSync, rmSync } from "node:fs";

import { ARTIFACTS } from "./support";

export default function globalSetup(): void {
  try {
    rmSync(ARTIFACTS, { recursive: true, force: true, maxRetries: 2 });
  } catch {
    // Another run's screenshots landing while the folder is emptied: theirs stay.
  }
  mkdirSync(ARTIFACTS, { recursive: true });
}
