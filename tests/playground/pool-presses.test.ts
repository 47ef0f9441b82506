/**
 * ± presses on a pool (issue 45): a run of adjustments within a moment is one chat card, saying
 * the net change and the value the pool was left at; presses that cancel out say nothing.
 */
import { describe, expect, it } from "vitest";

import { ENCOUNTERS } from "../../src/playground/encounters";
import { mergedAdjustment } from "../../src/playground/panels/chat";
import { Session } from "../../src/playground/session";

const flow = ENCOUNTERS.flow[0]!;

function pressed(deltas: number[]) {
  const session = new Session(flow.id, flow.setup, 11);
  session.dispatch({ type: "start" });
  const who = session.state.current!;
  const from = session.log.length;
  for (const delta of deltas) session.dispatch({ type: "adjustPool", who, pool: "ap", delta });
  return {
    who,
    lines: session.log.slice(from),
    ap: session.state.combatants.find((c) => c.id === who)!.pools["ap"],
  };
}

describe("a run of ± presses on one pool", () => {
  it("is one adjustment of the net change, leaving the pool where the last press left it", () => {
    const { who, lines, ap } = pressed([1, 1, 1, 1, -1]);
    const merged = mergedAdjustment(lines);
    expect(merged?.command).toEqual({ type: "adjustPool", who, pool: "ap", delta: 3 });
    expect(merged?.events).toEqual([
      { type: "poolGained", who, pool: "ap", amount: 3, reason: "adjusted", value: ap },
    ]);
  });

  it("says a net spend as a spend, and nothing when the presses cancel out", () => {
    expect(mergedAdjustment(pressed([-1, -1, 1]).lines)?.events[0]).toMatchObject({
      type: "poolSpent",
      amount: 1,
    });
    expect(mergedAdjustment(pressed([1, -1]).lines)?.events).toEqual([]);
  });
});
