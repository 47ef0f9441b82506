/**
 * npm run bench:ui's table: one row per ruleset and command, per N the median script ms (the
 * goal's figure), the median CDP script ms and the median style+layout ms, and how many samples
 * each median is of. Then `ui start: <ms> at N=200` and, last, `ui: <worst ms> at N=200 (<command>)`.
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
  return `${m((t) => t.script)} / ${m((t) => t.cdpScript)} / ${m((t) => t.styleLayout)} (${list.length})`;
}

/** The table, the notes for what could not be measured, and the two closing lines. */
export function report(runs: readonly Run[], sizes: readonly number[]): string[] {
  const lines: string[] = [];
  const rulesets = [...new Set(runs.map((r) => r.ruleset))];
  lines.push(
    "Median ms per command: script (click to settled DOM, performance.now) / CDP script / style+layout (samples).",
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
  const notes = runs.filter((r) => r.note);
  if (notes.length > 0)
    lines.push(
      "",
      ...notes.map(
        (r) => `${r.samples.size > 0 ? "note" : "not measured"}: ${r.ruleset} at N = ${r.n}: ${r.note}`,
      ),
    );
  const top = Math.max(...sizes);
  let start: number | null = null;
  let worst: { ms: number; command: CommandName; ruleset: string; list: readonly Timing[] } | null = null;
  for (const run of runs.filter((r) => r.n === top)) {
    for (const [command, list] of run.samples) {
      if (list.length === 0) continue;
      const value = median(list.map((t) => t.script));
      if (command === "start") start = Math.max(start ?? 0, value);
      else if (!worst || value > worst.ms) worst = { ms: value, command, ruleset: run.ruleset, list };
    }
  }
  lines.push("");
  if (worst) {
    const cpu = (pick: (t: Timing) => number) => ms(median(worst.list.map(pick)));
    lines.push(
      `worst at N=${top}: ${worst.ruleset} ${worst.command} (main-thread CPU: CDP script ${cpu((t) => t.cdpScript)} ms, style+layout ${cpu((t) => t.styleLayout)} ms)`,
    );
  }
  lines.push(start === null ? `ui start: not measured at N=${top}` : `ui start: ${ms(start)} ms at N=${top}`);
  lines.push(
    worst === null
      ? `ui: not measured at N=${top} (no page of ${top} combatants)`
      : `ui: ${ms(worst.ms)} ms at N=${top} (${worst.command})`,
  );
  return lines;
}
