/** Each browser run starts with an empty test-artifacts/browser/, as its screenshots are this run's. */
import { mkdirSync, rmSync } from "node:fs";

import { ARTIFACTS } from "./support";

export default function globalSetup(): void {
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
}
