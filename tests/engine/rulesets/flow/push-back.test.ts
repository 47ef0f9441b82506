import { describe, expect, it } from "vitest";
import type { GridDescription } from "../../../../src/engine/state";
import { Table } from "./helpers";

/**
 * Shove's Push Back (flow: "Normal Success: Achieve chosen effect (push back 1 hex OR knock
 * prone)"): the text says 1 hex back; the engine takes "back" as straight away from the shover, the
 * cell beyond the target on the line from the shover through it (docs/rulesets/flow.md).
 */

function pushed(grid: GridDescription, orcAt: [number, number]): unknown {
  const t = new Table(
    [
      { id: "ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 } },
      { id: "orc", side: "foes", at: orcAt },
    ],
    [9, 4],
    grid,
  );
  t.do({ type: "start" });
  t.do({ type: "act", who: "ana", action: "shove", target: "orc", outcome: "success", effect: "push" });
  return t.c("orc").at;
}

describe("flow Push Back goes straight away from the shover", () => {
  it.each([
    [
      [1, 0],
      [2, 0],
    ],
    [
      [0, 1],
      [0, 2],
    ],
    [
      [-1, 1],
      [-2, 2],
    ],
    [
      [-1, 0],
      [-2, 0],
    ],
    [
      [0, -1],
      [0, -2],
    ],
    [
      [1, -1],
      [2, -2],
    ],
  ] as [number, number][][])("on hexes: from [0, 0] through %j to %j", (orcAt, to) => {
    expect(pushed({ type: "hex" }, orcAt as [number, number])).toEqual(to);
  });

  it.each([
    [
      [1, 0],
      [2, 0],
    ],
    [
      [0, 1],
      [0, 2],
    ],
    [
      [1, 1],
      [2, 2],
    ],
    [
      [-1, 1],
      [-2, 2],
    ],
    [
      [-1, -1],
      [-2, -2],
    ],
  ] as [number, number][][])("on squares: from [0, 0] through %j to %j", (orcAt, to) => {
    expect(pushed({ type: "square" }, orcAt as [number, number])).toEqual(to);
  });
});
