import fc from "fast-check";

/**
 * Every property test runs from one seed so CI never depends on luck: a fixed one by default, or
 * the one in FC_SEED to replay a failure (fast-check's report prints `{ seed: ..., path: ... }`).
 * FC_SEED=random draws a fresh seed for exploring; it is printed so a failure found that way can be
 * replayed too. See docs/testing.md "Property tests".
 */
const DEFAULT_SEED = 20261123;

function seedFrom(value: string | undefined): number {
  if (value === undefined || value === "") return DEFAULT_SEED;
  if (value === "random") {
    const drawn = (Date.now() ^ (process.pid << 16)) | 0;
    console.info(`fast-check: FC_SEED=random drew seed ${drawn} (replay with FC_SEED=${drawn})`);
    return drawn;
  }
  const seed = Number(value);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer or "random", not "${value}"`);
  return seed | 0;
}

fc.configureGlobal({ seed: seedFrom(process.env.FC_SEED) });
