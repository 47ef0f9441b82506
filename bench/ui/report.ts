/**
 * npm run bench:ui's table: one row per ruleset and command, per N the median inp (input to next
 * paint, Event Timing), the median main-thread busy time until idle and its script part, and how
 * many samples each median is of. Then the closing lines: the Start's figures, `inp: <ms> at
 * N=200 (<command>)` and `busy: <ms> at N=200 (<command>)` for the worst command (the Start,
 * which has its own budget, aside), the same command's inp at the smallest N, and `idle:
 * <percent> at N=200`, the largest busy share of a fight left alone.
 */
import { COMMANDS, type CommandName, type Run } from "./play";
import type { Timing } from "./measure";

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** ms with three significant figures, never fewer than one decimal. */
export function ms(value: number): string {
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

function cell(list: readonly Timing[] | undefined): string {
  if (!list || list.length === 0) return "–";
  const m = (pick: (t: Timing) => number) => ms(median(list.map(pick)));
  return `${m((t) => t.inp)} / ${m((t) => t.busy)} / ${m((t) => t.script)} (${list.length})`;
}

type Worst = { value: number; command: CommandName; ruleset: string; list: readonly Timing[] };

/** The command of the runs with the largest median of `pick`, the Start aside. */
function worstOf(runs: readonly Run[], pick: (t: Timing) => number): Worst | null {
  let worst: Worst | null = null;
  for (const run of runs)
    for (const [command, list] of run.samples) {
      if (list.length === 0 || command === "start") continue;
      const value = median(list.map(pick));
      if (!worst || value > worst.value) worst = { value, command, ruleset: run.ruleset, list };
    }
  return worst;
}

/** The table, the notes for what could not be measured, and the closing lines. */
export function report(runs: readonly Run[], sizes: readonly number[]): string[] {
  const lines: string[] = [];
  const rulesets = [...new Set(runs.map((r) => r.ruleset))];
  lines.push(
    "Median ms per command: inp (input to next paint, Event Timing) / busy (main-thread task time until idle) / its script (samples).",
    "",
    `| ruleset | command | ${sizes.map((n) => `N = ${n}`).join(" | ")} |`,
    `| --- | --- | ${sizes.map(() => "---:").join(" | ")} |`,
  );
  for (const ruleset of rulesets) {
    for (const command of COMMANDS) {
      const cells = sizes.map((n) =>
        cell(runs.find((r) => r.ruleset === ruleset && r.n === n)?.samples.get(command)),
      );
      lines.push(`| ${ruleset} | ${command} | ${cells.join(" | ")} |`);
    }
  }
  lines.push(
    "",
    "Busy share of a fight left alone (main-thread task time over wall time, largest of the pages):",
    ...rulesets.map(
      (ruleset) =>
        `  ${ruleset}: ${sizes
          .map((n) => {
            const idle = runs.find((r) => r.ruleset === ruleset && r.n === n)?.idle ?? [];
            return `N = ${n} ${idle.length > 0 ? `${(Math.max(...idle) * 100).toFixed(2)}%` : "–"}`;
          })
          .join(", ")}`,
    ),
  );
  const notes = runs.filter((r) => r.note);
  if (notes.length > 0)
    lines.push(
      "",
      ...notes.map(
        (r) => `${r.samples.size > 0 ? "note" : "not measured"}: ${r.ruleset} at N = ${r.n}: ${r.note}`,
      ),
    );
  const top = Math.max(...sizes);
  const least = Math.min(...sizes);
  const big = runs.filter((r) => r.n === top);
  const starts = big.flatMap((r) => r.samples.get("start") ?? []);
  const inp = worstOf(big, (t) => t.inp);
  const busy = worstOf(big, (t) => t.busy);
  const idle = big.flatMap((r) => r.idle);
  lines.push("");
  if (starts.length > 0)
    lines.push(
      `start: inp ${ms(median(starts.map((t) => t.inp)))} ms, busy ${ms(median(starts.map((t) => t.busy)))} ms at N=${top}`,
    );
  if (inp) {
    const small = runs.find((r) => r.n === least && r.ruleset === inp.ruleset)?.samples.get(inp.command);
    const base = small && small.length > 0 ? median(small.map((t) => t.inp)) : null;
    lines.push(
      `worst inp at N=${top}: ${inp.ruleset} ${inp.command}` +
        (base === null ? "" : `, ${ms(base)} ms at N=${least} (${(inp.value / base).toFixed(2)}x)`),
    );
  }
  lines.push(
    inp === null ? `inp: not measured at N=${top}` : `inp: ${ms(inp.value)} ms at N=${top} (${inp.command})`,
    busy === null
      ? `busy: not measured at N=${top}`
      : `busy: ${ms(busy.value)} ms at N=${top} (${busy.command})`,
    idle.length === 0
      ? `idle: not measured at N=${top}`
      : `idle: ${(Math.max(...idle) * 100).toFixed(2)}% at N=${top}`,
  );
  return lines;
}
