/**
 * Provoking moves held with Foundry's movement pausing (issue 13, item 2): what the mover's client
 * does at each checkpoint and after each write, judged against the engine's stored state.
 */
import { describe, expect, it } from "vitest";

import type { Cell } from "../../../src/engine";
import {
  checkpointWaypoints,
  holdVerdict,
  segmentStep,
  walkedTo,
  type HeldMove,
} from "../../../src/foundry/rules/holds";
import { previewFor } from "../../../src/foundry/rules/paths";
import { fight, type Table } from "./helpers";
import { combatantIn } from "../../../src/engine/record";

/** Ana's drag: [3,0] → [2,0] → [2,-1] → [1,-1] → [0,-1]; the orc at [1,0] threatens [2,0], [2,-1] and [1,-1]. */
const DRAG: Cell[] = [
  [2, 0],
  [2, -1],
  [1, -1],
  [0, -1],
];

/** The hold the mover's client makes from the ruler's preview of the drag. */
function holdOf(table: Table, path: Cell[] = DRAG): HeldMove {
  const preview = previewFor(table.state, "ana", path, "normal");
  return {
    combatId: "c1",
    who: "ana",
    cells: preview.cells.map((c): Cell => [c[0], c[1]]),
    mode: "normal",
    checkpoints: preview.provocations.map((p) => p.cell),
    sent: false,
  };
}

describe("a provoking move carries a checkpoint at the cell it provokes on", () => {
  it("flags the first cell left under the orc's threat, and walks every engine cell", () => {
    const hold = holdOf(fight());
    expect(hold.checkpoints).toEqual([[2, 0]]);
    expect(checkpointWaypoints(hold)).toEqual([
      { cell: [2, 0], checkpoint: true },
      { cell: [2, -1], checkpoint: false },
      { cell: [1, -1], checkpoint: false },
      { cell: [0, -1], checkpoint: false },
    ]);
  });
});

describe("a provoking move paused and resumed", () => {
  it("pauses at the checkpoint and sends the move; waits while the offer is open; resumes once it is declined", () => {
    const table = fight();
    const hold = holdOf(table);
    expect(segmentStep(hold, [2, 0], false, table.state)).toBe("pauseAndSend");
    hold.sent = true;
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    // The engine holds Ana on the very cell the token paused on.
    expect(combatantIn(table.state, "ana")?.at).toEqual([2, 0]);
    expect(holdVerdict(table.state, hold, [2, 0])).toBe("wait");
    table.write([{ type: "react", who: "orc", with: "decline", against: "ana" }], "gm");
    expect(holdVerdict(table.state, hold, [2, 0])).toBe("resume");
    expect(segmentStep(hold, [0, -1], true, table.state)).toBe("done");
    expect(combatantIn(table.state, "ana")?.at).toEqual([0, -1]);
  });

  it("goes on through a later checkpoint where the engine does not hold the move", () => {
    const table = fight();
    const hold = {
      ...holdOf(table),
      checkpoints: [
        [2, 0],
        [1, -1],
      ] as Cell[],
      sent: true,
    };
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    table.write([{ type: "react", who: "orc", with: "decline", against: "ana" }], "gm");
    expect(segmentStep(hold, [1, -1], false, table.state)).toBe("continue");
  });
});

describe("a provoking move stopped by a reaction", () => {
  it("stops the paused movement where the engine ended the move (a killing Reaction Attack)", () => {
    const table = fight();
    const hold = { ...holdOf(table), sent: true };
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    table.write(
      [{ type: "react", who: "orc", with: "reactionAttack", against: "ana", outcome: "kill" }],
      "gm",
    );
    // Ana may still defend herself against the killing blow: the move is still held.
    expect(holdVerdict(table.state, hold, [2, 0])).toBe("wait");
    table.write([{ type: "react", who: "ana", with: "decline" }], "player");
    expect(combatantIn(table.state, "ana")?.at).toEqual([2, 0]);
    expect(holdVerdict(table.state, hold, [2, 0])).toBe("stop");
  });

  it("stops when the combat is gone or over, so the token never walks on alone", () => {
    const table = fight();
    const hold = { ...holdOf(table), sent: true };
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    expect(holdVerdict(null, hold, [2, 0])).toBe("stop");
    table.write([{ type: "end" }], "gm");
    expect(holdVerdict(table.state, hold, [2, 0])).toBe("stop");
  });
});

describe("a held movement Foundry ends early", () => {
  it("sends the move as far as the token went when a wall stops it before the first checkpoint", () => {
    const table = fight();
    const hold = holdOf(table, [
      [4, 0],
      [3, 0],
      [2, 0],
      [2, -1],
    ]);
    expect(hold.cells[0]).toEqual([3, 0]);
    expect(segmentStep(hold, [4, 0], true, table.state)).toBe("sendWalked");
    expect(walkedTo(hold, [4, 0])).toEqual([[4, 0]]);
  });
});
