import { describe, expect, it } from "vitest";
import { bandit, hero, Table } from "./helpers";
import { combatantIn } from "../../../../src/engine/record";

const npc = (id: string, ir: number, luck: number, extra: object = {}) => ({
  id,
  side: "foes",
  stats: { initiativeRating: ir, luck },
  ...extra,
});

describe("rating initiative (rating.txt Step 3)", () => {
  it('adds 1d6 to the Initiative Rating ("An Initiative Roll is made by rolling [1d6] and adding the character\'s Initiative Rating")', () => {
    const t = new Table([hero(), bandit()], [4, 6]).do({ type: "start" });
    expect(t.c("hero").initiative).toBe(7);
    expect(t.c("bandit").initiative).toBe(7);
    expect(t.dice.asked).toEqual([6, 6]);
    expect(t.state.order).toEqual(["hero", "bandit"]);
  });

  it('rolls no die for the surprised ("Surprised characters do not roll 1d6 for initiative; they simply use their Initiative Rating")', () => {
    const t = new Table([hero(), bandit({ surprised: true })], [2]).do({ type: "start" });
    expect(t.c("bandit").initiative).toBe(1);
    expect(t.dice.used).toBe(1);
    expect(t.c("hero").initiative).toBe(5);
  });

  it('counts a surprised condition the GM applies before the start ("The GM should determine which characters count as being surprised")', () => {
    const t = new Table([hero(), bandit()], [2]);
    t.do({ type: "apply", who: "bandit", condition: "surprised", rounds: null }).do({ type: "start" });
    expect(t.c("bandit").initiative).toBe(1);
    expect(t.c("bandit").surprised).toBe(true);
  });

  it('breaks a tie by Initiative Rating first ("Use the character\'s Initiative Rating and then Luck bonus ... to break ties, in that order")', () => {
    const t = new Table([npc("low", 1, 5), npc("high", 3, 0)], [6, 4]).do({ type: "start" });
    expect(t.c("low").initiative).toBe(7);
    expect(t.c("high").initiative).toBe(7);
    expect(t.state.order).toEqual(["high", "low"]);
  });

  it('with luckBonus luckStat, breaks an equal-rating tie by the Luck stat ("and then Luck bonus")', () => {
    const t = new Table([npc("unlucky", 2, 0), npc("lucky", 2, 1)], [3, 3], { luckBonus: "luckStat" }).do({
      type: "start",
    });
    expect(t.state.order).toEqual(["lucky", "unlucky"]);
    const pcs = new Table(
      [npc("lucky", 2, 3), { id: "pc", side: "party", pc: true, stats: { initiativeRating: 2, luck: 1 } }],
      [3, 3],
      { luckBonus: "luckStat" },
    ).do({ type: "start" });
    expect(pcs.state.order).toEqual(["lucky", "pc"]);
  });

  it.each(["pcThenLuck", "pcFirst"])(
    'with luckBonus %s, reads the Luck step\'s parenthesis: a PC beats an NPC with the same roll and rating, whatever their Luck ("Luck bonus (meaning PCs beat NPCs)")',
    (luckBonus) => {
      const t = new Table(
        [npc("lucky", 2, 3), { id: "pc", side: "party", pc: true, stats: { initiativeRating: 2, luck: 0 } }],
        [3, 3],
        { luckBonus },
      ).do({ type: "start" });
      expect(t.state.order).toEqual(["pc", "lucky"]);
      expect(t.ofType("luckContested")).toEqual([]);
    },
  );

  it('by default (pcThenLuck) puts the PC with the higher Luck bonus first between two PCs, with no roll ("and then Luck bonus")', () => {
    const pc = (id: string, luck: number) => ({
      id,
      side: "party",
      pc: true,
      stats: { initiativeRating: 2, luck },
    });
    const t = new Table([pc("plain", 1), pc("lucky", 2)], [3, 3]).do({ type: "start" });
    expect(t.state.order).toEqual(["lucky", "plain"]);
    expect(t.ofType("luckContested")).toEqual([]);
  });

  it('with luckBonus pcFirst, leaves two PCs tied on roll and rating to contested Luck Rolls, whatever their Luck ("Further ties can be resolved by contested Luck Rolls")', () => {
    const pc = (id: string, luck: number) => ({
      id,
      side: "party",
      pc: true,
      stats: { initiativeRating: 2, luck },
    });
    // Both total 5; the contest rolls d6 + Luck: plain 6+1 against lucky 1+2.
    const t = new Table([pc("plain", 1), pc("lucky", 2)], [3, 3, 6, 1], { luckBonus: "pcFirst" }).do({
      type: "start",
    });
    expect(t.state.order).toEqual(["plain", "lucky"]);
    expect(t.ofType("luckContested")).toEqual([
      { type: "luckContested", who: ["plain", "lucky"], totals: [7, 3] },
    ]);
  });

  it('by default leaves two NPCs tied on roll and rating to contested Luck Rolls, not to the Luck stat ("Further ties can be resolved by contested Luck Rolls")', () => {
    // Both total 5; the contest rolls d6 + Luck: unlucky 6+0 against lucky 1+3.
    const t = new Table([npc("unlucky", 2, 0), npc("lucky", 2, 3)], [3, 3, 6, 1]).do({ type: "start" });
    expect(t.state.order).toEqual(["unlucky", "lucky"]);
    expect(t.ofType("luckContested")).toEqual([
      { type: "luckContested", who: ["unlucky", "lucky"], totals: [6, 4] },
    ]);
  });

  it('puts a PC before an NPC tied on rating and Luck ("meaning PCs beat NPCs")', () => {
    const t = new Table(
      [npc("orc", 2, 1), { id: "pc", side: "party", pc: true, stats: { initiativeRating: 2, luck: 1 } }],
      [3, 3],
    ).do({
      type: "start",
    });
    expect(t.state.order).toEqual(["pc", "orc"]);
  });

  it('settles a full tie by contested Luck rolls, rolled in combatants order ("Further ties can be resolved by contested Luck Rolls")', () => {
    // Both total 5; the contest rolls d6 + Luck for a then b: 2+1 against 5+1.
    const t = new Table([npc("a", 2, 1), npc("b", 2, 1)], [3, 3, 2, 5]).do({ type: "start" });
    expect(t.state.order).toEqual(["b", "a"]);
    expect(t.ofType("luckContested")).toEqual([{ type: "luckContested", who: ["a", "b"], totals: [3, 6] }]);
  });

  it("re-rolls a contested Luck roll while the contestants stay level, only among those still level", () => {
    // a, b, c all 5. Contest: a 4, b 4, c 6 -> c first; a and b roll again: 1, 2 -> b, a.
    const t = new Table([npc("a", 2, 0), npc("b", 2, 0), npc("c", 2, 0)], [3, 3, 3, 4, 4, 6, 1, 2]).do({
      type: "start",
    });
    expect(t.state.order).toEqual(["c", "b", "a"]);
    expect(t.dice.remaining).toBe(0);
  });

  it('rolls once for a GM group of similar NPCs, when its first member is reached ("should roll once for larger groups of similar NPCs")', () => {
    const t = new Table(
      [
        npc("wolf1", 1, 0, { tags: ["group:wolves"] }),
        hero(),
        npc("wolf2", 2, 0, { tags: ["group:wolves"] }),
      ],
      [5, 1],
    ).do({ type: "start" });
    expect(t.dice.asked).toEqual([6, 6]);
    expect(t.c("wolf1").initiative).toBe(6);
    expect(t.c("wolf2").initiative).toBe(7);
    expect(t.c("hero").initiative).toBe(4);
    expect(t.state.order).toEqual(["wolf2", "wolf1", "hero"]);
  });

  it("keeps tied members of one group in roster order without a Luck contest, and the group contests once as one", () => {
    const t = new Table(
      [
        npc("g1", 2, 0, { tags: ["group:gobs"] }),
        npc("g2", 2, 0, { tags: ["group:gobs"] }),
        npc("solo", 2, 0),
      ],
      [3, 3, 2, 5],
    ).do({ type: "start" });
    // group die 3 (g1, g2 = 5), solo 3 (5): contest gobs 2 against solo 5.
    expect(t.state.order).toEqual(["solo", "g1", "g2"]);
    expect(t.ofType("luckContested")[0]).toMatchObject({ who: ["g1", "solo"] });
  });

  it("lets PCs roll alone even when tagged with a group", () => {
    const t = new Table(
      [hero({ tags: ["group:x"] }), { id: "pc2", side: "party", pc: true, tags: ["group:x"] }],
      [1, 2],
    ).do({
      type: "start",
    });
    expect(t.dice.used).toBe(2);
  });

  it("reads the group from the ext field as well as from a tag", () => {
    const t = new Table([npc("a", 0, 0), npc("b", 0, 0)], [4]);
    combatantIn(t.state, "a")!.ext.group = "pack";
    combatantIn(t.state, "b")!.ext.group = "pack";
    t.do({ type: "start" });
    expect(t.c("b").initiative).toBe(4);
    expect(t.dice.used).toBe(1);
  });
});

describe("rating: the GM's discretion over ties (option ties: gm)", () => {
  const tied = () => [npc("a", 2, 1), npc("b", 2, 1), npc("c", 0, 0)];

  it('rolls no Luck contest and lets the GM order the tied ("or at the GM\'s discretion")', () => {
    const t = new Table(tied(), [3, 3, 1], { ties: "gm" }).do({ type: "start" });
    expect(t.dice.remaining).toBe(0);
    expect(t.state.order).toEqual(["a", "b", "c"]);
    expect(t.state.current).toBe("a");
    t.do({ type: "delay", who: "b", until: "a" });
    expect(t.state.order).toEqual(["b", "a", "c"]);
    expect(t.state.current).toBe("b");
    // The GM's order stands for later rounds too.
    t.do({ type: "next" }).do({ type: "next" }).do({ type: "next" });
    expect(t.state.round).toBe(2);
    expect(t.state.current).toBe("b");
  });

  it("refuses to reorder combatants that the fixed keys already part", () => {
    const t = new Table(tied(), [3, 3, 1], { ties: "gm" }).do({ type: "start" });
    expect(t.refused({ type: "delay", who: "c", until: "a" }).key).toBe("TEMPO.Refusal.NotTied");
    expect(t.refused({ type: "delay", who: "c" }).key).toBe("TEMPO.Refusal.DelayNeedsUntil");
  });

  it("refuses to reorder once one of them has acted this round", () => {
    const t = new Table(tied(), [3, 3, 1], { ties: "gm" }).do({ type: "start" });
    t.do({ type: "act", who: "a", action: "primary", cost: 1 });
    expect(t.refused({ type: "delay", who: "b", until: "a" }).key).toBe("TEMPO.Refusal.TurnAlreadyTaken");
  });

  it("refuses the GM reorder when ties go to contested Luck rolls", () => {
    const t = new Table(tied(), [3, 3, 1, 1, 2]).do({ type: "start" });
    expect(t.refused({ type: "delay", who: "a", until: "b" }).key).toBe("TEMPO.Refusal.TiesByLuckRoll");
  });
});

describe('rating newcomers ("If new combatants enter the picture, simply have them roll and take their place in the order")', () => {
  it("rolls for a newcomer and slots it after the current combatant when its initiative is lower, so it acts this round", () => {
    const t = new Table([hero(), bandit()], [6, 1, 3]).do({ type: "start" });
    expect(t.state.order).toEqual(["hero", "bandit"]);
    t.do({ type: "addCombatant", combatant: npc("thug", 2, 0) });
    expect(t.c("thug").initiative).toBe(2 + 3);
    expect(t.state.order).toEqual(["hero", "thug", "bandit"]);
    t.do({ type: "next" });
    expect(t.state.current).toBe("thug");
  });

  it("places a faster newcomer before those already past, so it first acts next round", () => {
    const t = new Table([hero(), bandit()], [6, 1, 1]).do({ type: "start" }).do({ type: "next" });
    expect(t.state.current).toBe("bandit");
    t.do({ type: "addCombatant", combatant: npc("ogre", 9, 0) }); // rolls 1 -> 10
    expect(t.state.order).toEqual(["ogre", "hero", "bandit"]);
    t.do({ type: "next" });
    expect(t.state.round).toBe(2);
    expect(t.state.current).toBe("ogre");
  });

  it("contests Luck with a combatant it ties, who rolls first, and goes before it only on winning", () => {
    // bandit 1+1 = 2; twin (IR 1, Luck 0, an NPC) rolls 1 -> 2: tied on every key.
    // Contest: bandit rolls 2, twin 5 -> twin goes first.
    const t = new Table([hero(), bandit()], [4, 1, 1, 2, 5]).do({ type: "start" });
    t.do({ type: "addCombatant", combatant: npc("twin", 1, 0) });
    expect(t.ofType("luckContested")).toEqual([
      { type: "luckContested", who: ["bandit", "twin"], totals: [2, 5] },
    ]);
    expect(t.state.order).toEqual(["hero", "twin", "bandit"]);
  });

  it("goes after a tied combatant whose contested Luck roll beats it", () => {
    const t = new Table([hero(), bandit()], [4, 1, 1, 6, 3]).do({ type: "start" });
    t.do({ type: "addCombatant", combatant: npc("twin", 1, 0) });
    expect(t.state.order).toEqual(["hero", "bandit", "twin"]);
  });

  it("adds nothing to the order before the fight starts (everyone rolls at the start)", () => {
    const t = new Table([hero()], []);
    t.do({ type: "addCombatant", combatant: npc("late", 0, 0) });
    expect(t.c("late").initiative).toBeNull();
    expect(t.state.order).toEqual([]);
  });

  it("shares the die its GM group already rolled", () => {
    const t = new Table([hero(), npc("wolf1", 1, 0, { tags: ["group:wolves"] })], [1, 5]).do({
      type: "start",
    });
    t.do({ type: "addCombatant", combatant: npc("wolf2", 1, 0, { tags: ["group:wolves"] }) });
    expect(t.c("wolf2").initiative).toBe(6);
    expect(t.state.order).toEqual(["wolf1", "wolf2", "hero"]);
  });

  it("uses the Initiative Rating alone for a surprised newcomer", () => {
    const t = new Table([hero()], [1]).do({ type: "start" });
    t.do({ type: "addCombatant", combatant: npc("sleeper", 2, 0, { surprised: true }) });
    expect(t.c("sleeper").initiative).toBe(2);
    expect(t.state.order).toEqual(["hero", "sleeper"]);
  });
});

describe("rating: the GM's tie order and turn-based AP", () => {
  it("gives the combatant the GM moves to the front its turn's refill (apRefresh: turn)", () => {
    const t = new Table([npc("a", 2, 1), npc("b", 2, 1)], [3, 3], { ties: "gm", apRefresh: "turn" }).do({
      type: "start",
    });
    t.do({ type: "act", who: "a", action: "primary", cost: 1 }).do({ type: "next" });
    t.do({ type: "act", who: "b", action: "primary", cost: 2 }).do({ type: "next" });
    expect(t.state.round).toBe(2);
    expect(t.ap("b")).toBe(1);
    t.do({ type: "delay", who: "b", until: "a" });
    expect(t.state.current).toBe("b");
    expect(t.ap("b")).toBe(3);
  });
});
