import fc from "fast-check";

/**
 * Every property test runs from one seed so CI never depends on luck: a fixed one by default, or
 * the one in FC_SEED to replay a failure (fast-check's report prints `{ seed: ..., path: ... }`).
 * FC_SEED=random draws a fresh seed for exploring; it is printed so a failure found that way can be
 * replayed too. FC_MAX_RUNS caps how many cases each property tries (mutation testing sets it, as
 * it runs the suite once per mutant). See docs/testing.md "Property tests".
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

function maxRunsFrom(value: string | undefined): number | null {
  if (value === undefined || value === "") return null;
  const max = Number(value);
  if (!Number.isInteger(max) || max < 1)
    throw new Error(`FC_MAX_RUNS must be a positive integer, not "${value}"`);
  return max;
}

const MAX_RUNS = maxRunsFrom(process.env.FC_MAX_RUNS);

/** A property's number of runs, capped by FC_MAX_RUNS when set. */
export function runs(wanted: number): number {
  return MAX_RUNS === null ? wanted : Math.min(wanted, MAX_RUNS);
}

fc.configureGlobal({ seed: seedFrom(process.env.FC_SEED), numRuns: runs(100) });
