import { describe, expect, it } from "vitest";
import { phases } from "../../../../src/engine/rulesets/phases";
import { attackHits, DEFENSIVE, PHASES_ACTIONS } from "../../../../src/engine/rulesets/phases/actions";

/**
 * The phases ruleset's declarations against rules/phases.txt: the table of manoeuvres ("Attack of
 * Opportunity?" column), the move modes, and the stats, skills and conditions the text names.
 */
describe("phases: the table of actions", () => {
  // [id, the row it stands for, action type, attack of opportunity: no | yes | skill (negated by a skill check)]
  const ROWS: [string, string, string, string][] = [
    ["attack", "Other Attacks | No", "attack", "no"],
    ["strike", "Strike | No", "attack", "no"],
    ["dodge", "Dodge | No", "attack", "no"],
    ["block", "Block | No", "attack", "no"],
    ["move", "Move up to half of combat movement | Yes (skill check negates)", "move", "skill"],
    ["drawFocus", "Draw or sheathe a focus | Yes (skill check negates)", "move", "skill"],
    ["standUp", "Stand up from prone | Yes (skill check negates)", "move", "skill"],
    ["reload", "Reload a gun | Yes (skill check negates)", "move", "skill"],
    ["pickUp", "Pick up an item | Yes", "move", "yes"],
    ["useSkill", "Use a skill that requires a move action | Usually (varies)", "move", "skill"],
    [
      "fullMove",
      "Move more than half and up to all of combat movement | Yes (skill check negates)",
      "fullPhase",
      "skill",
    ],
    ["recover", "Take a Recovery | No", "fullPhase", "no"],
  ];

  it.each(ROWS)("%s: %s (%s action)", (id, _row, type, provokes) => {
    const target = id === "attack" || id === "strike" ? "enemy" : "none";
    expect(PHASES_ACTIONS[id]).toEqual({ id, cost: {}, kind: type, target, type, provokes });
  });

  it("has those actions and no others, and the ruleset offers them", () => {
    expect(Object.keys(PHASES_ACTIONS)).toEqual(ROWS.map((r) => r[0]));
    expect(phases.actions).toBe(PHASES_ACTIONS);
  });

  it('"you can only make one per Phase": the one reaction is the attack of opportunity, costing nothing', () => {
    expect(phases.reactions).toEqual({ attackOfOpportunity: { id: "attackOfOpportunity", cost: {} } });
  });

  it('"You can abort to any defensive attack or move action": dodge and block', () => {
    expect([...DEFENSIVE]).toEqual(["dodge", "block"]);
  });

  it('"The attacker rolls 3d6 and adds their OCV ... The target number is 10 plus the defender\'s DCV"', () => {
    // 3d6 10 + OCV 3 = 13 reaches 10 + DCV 3 = 13; 9 + 3 = 12 does not.
    expect(attackHits(10, 3, 3)).toBe(true);
    expect(attackHits(9, 3, 3)).toBe(false);
    // 3d6 3 + OCV 8 = 11 reaches 10 + DCV 1 = 11.
    expect(attackHits(3, 8, 1)).toBe(true);
  });
});

describe("phases: what the ruleset declares", () => {
  it('moves normally, by "the 1-hex step" and by "the withdraw action"', () => {
    expect(phases.moveModes).toEqual(["normal", "step", "withdraw"]);
  });

  it("reads Combat Value, Lightning Reflexes, movement, OCV and DCV, and the Combat Reflexes skill", () => {
    expect(phases.stats).toEqual(["combatValue", "lightningReflexes", "movement", "ocv", "dcv"]);
    expect(phases.skills).toEqual(["combatReflexes"]);
  });

  it("gives meaning to the conditions the text names, has no pools, and offers the two readings of Combat Reflexes and Dodge as options (docs/rulesets/phases.md, Decisions)", () => {
    expect(phases.conditions).toEqual([
      "surprised",
      "delayed",
      "readied",
      "aborted",
      "limited",
      "hampered",
      "prone",
      "unconscious",
      "paralysed",
    ]);
    expect(phases.pools).toEqual([]);
    expect(phases.options).toEqual({
      combatReflexes: { choices: ["perLevel", "unlimited"], default: "perLevel" },
      dodge: { choices: ["phase", "untilNextTurn"], default: "phase" },
    });
    expect(phases.id).toBe("phases");
  });
});
