import { describe, expect, it } from "vitest";

import { actingIds, DEFAULT_NOTICE_SETTINGS, turnNotices, upNextId } from "../../src/views/turns";
import { Sight } from "../../src/views/sight";
import { i18n } from "../support/i18n";
import { play, stepWhere } from "./played";

const player = (owned: string[], hidden: string[] = []) => new Sight({ isGM: false, owned }, hidden);

describe("actingIds and upNextId: whose turn it is, by each ruleset's structure", () => {
  it("flow: the one whose turn it is, and the next in the round's order", () => {
    const fight = play("flow/02-rp-regained-at-own-turn.yaml");
    const start = fight.steps[0];
    if (!start) throw new Error("no start");
    expect(actingIds(fight.initial)).toEqual([]);
    expect(actingIds(start.after)).toEqual(["orc"]);
    expect(upNextId(start.after)).toBe("ana");
    // The last of the round has nobody after it this round.
    const [gob] = stepWhere(fight, (s) => s.after.current === "gob");
    expect(upNextId(gob.after)).toBeNull();
  });

  it('segments: while declarations are open every combatant still standing declares at once ("All individuals Declare Actions")', () => {
    const fight = play("segments/10-free-attack-once-per-segment.yaml");
    const start = fight.steps[0];
    if (!start) throw new Error("no start");
    expect(start.after.stage).toBe("declare");
    expect([...actingIds(start.after)].sort()).toEqual(["fighter", "orc", "thief"]);
    expect(upNextId(start.after)).toBeNull();
    const [fast] = stepWhere(fight, (s) => s.after.stage === "fast");
    expect(actingIds(fast.after)).toEqual(["fighter"]);
    expect(upNextId(fast.after)).toBe("thief");
  });

  it('marching: a pair acting together are both acting ("If two characters act simultaneously, this is allowed")', () => {
    const fight = play("marching/12-seize-same-roll.yaml");
    const [together] = stepWhere(fight, (s) => s.command.type === "react");
    expect([...actingIds(together.after)].sort()).toEqual(["bandit", "lead"]);
    expect(upNextId(together.after)).toBe("second");
    const [choosing] = stepWhere(fight, (s) => s.command.type === "start");
    expect(actingIds(choosing.after)).toEqual([]);
  });

  it("phases: the character acting in this Phase", () => {
    const fight = play("phases/10-one-attack-of-opportunity-per-phase.yaml");
    const start = fight.steps[0];
    if (!start) throw new Error("no start");
    expect(actingIds(start.after)).toEqual(["ana"]);
    expect(upNextId(start.after)).toBe("ben");
  });
});

describe("turnNotices: a player whose combatant comes up gets a notice and a sound", () => {
  const fight = play("flow/02-rp-regained-at-own-turn.yaml");
  const [start] = stepWhere(fight, (s) => s.command.type === "start");
  const [anaTurn] = stepWhere(fight, (s) => s.after.current === "ana");

  it('"up next" when its combatant becomes next, "your turn" when it comes up, with the tone', () => {
    expect(
      turnNotices(fight.initial, start.after, ["ana"], player(["ana"]), DEFAULT_NOTICE_SETTINGS, i18n),
    ).toEqual([{ kind: "upNext", who: "ana", text: "Up next: ana.", sound: true }]);
    expect(
      turnNotices(anaTurn.before, anaTurn.after, ["ana"], player(["ana"]), DEFAULT_NOTICE_SETTINGS, i18n),
    ).toEqual([{ kind: "turn", who: "ana", text: "Your turn: ana acts now.", sound: true }]);
  });

  it("nothing for someone else's combatant, and nothing again for the same turn", () => {
    expect(
      turnNotices(anaTurn.before, anaTurn.after, ["gob"], player(["gob"]), DEFAULT_NOTICE_SETTINGS, i18n),
    ).toEqual([{ kind: "upNext", who: "gob", text: "Up next: gob.", sound: true }]);
    expect(
      turnNotices(anaTurn.after, anaTurn.after, ["ana"], player(["ana"]), DEFAULT_NOTICE_SETTINGS, i18n),
    ).toEqual([]);
  });

  it("each user may turn either notice or the tone off; the GM's world switch turns them all off", () => {
    const args = [anaTurn.before, anaTurn.after, ["ana"], player(["ana"])] as const;
    expect(turnNotices(...args, { ...DEFAULT_NOTICE_SETTINGS, turn: false }, i18n)).toEqual([]);
    expect(turnNotices(...args, { ...DEFAULT_NOTICE_SETTINGS, sound: false }, i18n)[0]?.sound).toBe(false);
    expect(turnNotices(...args, { ...DEFAULT_NOTICE_SETTINGS, world: false }, i18n)).toEqual([]);
    expect(
      turnNotices(
        fight.initial,
        start.after,
        ["ana"],
        player(["ana"]),
        { ...DEFAULT_NOTICE_SETTINGS, upNext: false },
        i18n,
      ),
    ).toEqual([]);
  });

  it("nothing plays for a hidden combatant", () => {
    expect(
      turnNotices(
        anaTurn.before,
        anaTurn.after,
        ["ana"],
        player(["ana"], ["ana"]),
        DEFAULT_NOTICE_SETTINGS,
        i18n,
      ),
    ).toEqual([]);
  });
});
