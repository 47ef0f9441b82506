/**
 * Chat cards word each roll by its own rule (issue 30): flow's d100 is rolled under a skill,
 * phases' 3d6 and segments' d20 over a number, so each line says what was needed and which way;
 * a flow attack out of reach says it used the Ranged skill; initiative says whose die it is and
 * what each roll-off breaks; a React button names who may react and with what.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

import {
  apply,
  createEncounter,
  getRuleset,
  ScriptedDice,
  type Command,
  type EncounterSetup,
  type EncounterState,
  type RulesetId,
} from "../../src/engine";
import { chatCard, type ChatCardView } from "../../src/views/chat";
import { promptView } from "../../src/views/prompt";
import { repoPath, TEMPLATE_PATHS } from "../../src/views/templates";
import { templateEnv } from "../foundry/sheets/handlebars";
import { ENCOUNTERS } from "../../src/playground/encounters";
import { i18n } from "../support/i18n";

const compilePrompt = templateEnv().compile(
  readFileSync(resolve(__dirname, "../..", repoPath(TEMPLATE_PATHS.prompt)), "utf8"),
);

interface Table {
  state: EncounterState;
  /** Apply a command with these dice; the card it makes (or null). */
  run(command: Command, dice?: number[]): ChatCardView | null;
}

function table(setup: EncounterSetup): Table {
  const ruleset = getRuleset(setup.ruleset);
  const t: Table = {
    state: createEncounter(setup, ruleset),
    run(command, dice = []) {
      const result = apply(t.state, command, new ScriptedDice(dice), ruleset);
      if (!result.ok) throw new Error(`${command.type}: ${result.refusal.key}`);
      t.state = result.state;
      return chatCard({ command, events: result.events }, t.state, i18n);
    },
  };
  return t;
}

function sample(id: RulesetId): EncounterSetup {
  const found = ENCOUNTERS[id][0];
  if (!found) throw new Error(id);
  return found.setup;
}

const lines = (card: ChatCardView | null): string[] => (card ? card.rolls.map((r) => r.text) : []);

/** Two flow fighters on a hex grid, Ana first (agility 3 against 0). */
function flowDuel(orcAt: [number, number]): Table {
  return table({
    ruleset: "flow",
    grid: { type: "hex" },
    combatants: [
      {
        id: "ana",
        name: "Ana",
        side: "party",
        at: [0, 0],
        stats: { agility: 3 },
        skills: { melee: 60, ranged: 45, agility: 40 },
      },
      {
        id: "orc",
        name: "Orc",
        side: "orcs",
        at: orcAt,
        stats: { agility: 0 },
        skills: { melee: 50, agility: 30 },
      },
    ],
  });
}

describe("rolls are worded by their rule", () => {
  it("flow: a melee Attack is a d100 rolled under the Melee skill ('needed 60 or less')", () => {
    const t = flowDuel([1, 0]);
    t.run({ type: "start" }, [5, 5]);
    const card = t.run({ type: "act", who: "ana", action: "attack", target: "orc" }, [75]);
    expect(lines(card)).toContain(
      "Ana rolls 75 on d100 for a melee Attack (Melee skill), needed 60 or less: Failure",
    );
  });

  it("flow: an Attack on a target 2-3 hexes away uses the Ranged skill and says so", () => {
    const t = flowDuel([3, 0]);
    t.run({ type: "start" }, [5, 5]);
    const card = t.run({ type: "act", who: "ana", action: "attack", target: "orc" }, [47]);
    const roll = lines(card).find((l) => l.startsWith("Ana rolls 47"));
    expect(roll).toMatch(
      /for a ranged Attack \(Ranged skill, the target is out of reach\), needed \d+ or less: Failure$/,
    );
  });

  it("flow: a roll with Disadvantage names both dice and keeps the higher", () => {
    const t = flowDuel([1, 0]);
    t.run({ type: "start" }, [5, 5]);
    const card = t.run({ type: "act", who: "ana", action: "disarm", target: "orc" }, [20, 70]);
    expect(lines(card)[0]).toBe(
      "Ana rolls 70 on d100 for Disarm, needed 60 or less: Failure (Disadvantage: rolled 20 and 70, the higher kept)",
    );
  });

  it('phases: an attack is 3d6 + OCV against 10 + DCV, each shown ("The attacker rolls 3d6 and adds their OCV ... The target number is 10 plus the defender\'s DCV")', () => {
    const t = table({
      ruleset: "phases",
      grid: { type: "hex" },
      combatants: [
        { id: "a", name: "Comet", side: "heroes", at: [0, 0], stats: { combatValue: 8, ocv: 4 } },
        { id: "b", name: "Brick", side: "thugs", at: [1, 0], stats: { combatValue: 5, dcv: 4 } },
      ],
    });
    t.run({ type: "start" });
    const command: Command = { type: "act", who: "a", action: "strike", target: "b" };
    const result = apply(t.state, command, new ScriptedDice([4, 4, 3]), getRuleset("phases"));
    if (!result.ok) throw new Error(result.refusal.key);
    expect(lines(chatCard({ command, events: result.events }, result.state, i18n))).toContain(
      "Comet rolls 11 on 3d6 + OCV 4 = 15 against Brick's 10 + DCV 4 = 14: hit",
    );
    // A log written before the event carried OCV and DCV still reads by the number needed.
    const older = result.events.map((e) =>
      e.type === "attackResolved" ? { ...e, ocv: undefined, dcv: undefined } : e,
    );
    expect(lines(chatCard({ command, events: older }, result.state, i18n))).toContain(
      "Comet rolls 11 on 3d6 against Brick, needed 10 or more: hit",
    );
  });

  it("segments: a d20 attack says the Attack Bonus, the total and what it needed, and natural 1s and 20s", () => {
    const setup = sample("segments");
    const t = table({
      ...setup,
      combatants: setup.combatants.map((c) =>
        c.id === "fighter"
          ? { ...c, stats: { ...c.stats, aac0: 19, attackBonus: 2 } }
          : c.id === "goblin"
            ? { ...c, at: [3, 4], stats: { ...c.stats, ac: 6 } }
            : c,
      ),
    });
    t.run({ type: "start" });
    t.run({ type: "declare", who: "fighter", action: "attack" });
    const card = t.run({ type: "next" }, [6, 2]);
    expect(card?.title).toBe("Group initiative for round 1");
    const sides = lines(card);
    expect(sides).toEqual([
      "Sir Roderic rolls 6 on 1d6 for their side (Sir Roderic and Sister Maud).",
      "Ogre rolls 2 on 1d6 for their side (Ogre and Goblin).",
      "Highest roll: Sir Roderic's side (6) acts in HIGH, first; Ogre's side (2) acts in LOW, after.",
    ]);
    t.run({ type: "next" });
    expect(t.state.current).toBe("fighter");
    const before = t.state;
    const attack: Command = { type: "act", who: "fighter", action: "attack", target: "goblin" };
    // AAC0 19 against AC 6 needs 13: 11 + 2 reaches it.
    expect(lines(t.run(attack, [11]))).toEqual([
      "Sir Roderic rolls 11 on d20 against Goblin, 13 with Attack Bonus 2, needed 13 or more: hit",
    ]);
    t.state = before;
    expect(lines(t.run(attack, [20]))).toEqual([
      "Sir Roderic rolls a natural 20 on d20 against Goblin, which always hits: hit",
    ]);
    t.state = before;
    expect(lines(t.run(attack, [1]))).toEqual([
      "Sir Roderic rolls a natural 1 on d20 against Goblin, which always misses: miss",
    ]);
  });

  it("segments: the side rolls say which side goes first, or that a tie puts both in HIGH", () => {
    const t = table(sample("segments"));
    t.run({ type: "start" });
    expect(lines(t.run({ type: "next" }, [4, 4]))).toContain(
      "A tie: Sir Roderic's side (4) and Ogre's side (4) all act in HIGH.",
    );
  });
});

describe("initiative says whose die it is and what a roll-off breaks", () => {
  it("flow: each combatant's 1d10 + Agility, and a roll-off names the tie and who goes first", () => {
    const t = table({
      ruleset: "flow",
      grid: { type: "hex" },
      combatants: [
        { id: "a", name: "Ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "b", name: "Bram", side: "party", at: [2, 0], stats: { agility: 1 } },
      ],
    });
    const card = t.run({ type: "start" }, [6, 6, 3, 8]);
    expect(lines(card)).toEqual([
      "Ana: initiative 7 (6 on 1d10, + 1 Agility)",
      "Bram: initiative 7 (6 on 1d10, + 1 Agility)",
      "Ana and Bram tie at initiative 7 and Agility 1: a 1d10 roll-off, Ana 3 and Bram 8. Bram goes first.",
    ]);
  });

  it("rating: 1d6 + Initiative Rating, and a surprised scout rolls no die", () => {
    const t = table(sample("rating"));
    const card = t.run({ type: "start" }, [4, 2, 6, 1, 1, 1, 1]);
    expect(lines(card)).toContain("Ilse: initiative 7 (4 on 1d6, + Initiative Rating 3)");
    expect(lines(card)).toContain("Scout: initiative 2 (surprised: no die, Initiative Rating 2 only)");
  });

  it("phases: initiative is the fixed Combat Value, and a tie-break d6 says which tie it breaks", () => {
    const t = table({
      ruleset: "phases",
      grid: { type: "hex" },
      combatants: [
        { id: "a", name: "Comet", side: "heroes", at: [0, 0], stats: { combatValue: 6 } },
        { id: "b", name: "Brick", side: "thugs", at: [3, 0], stats: { combatValue: 6 } },
      ],
    });
    const card = t.run({ type: "start" }, [2, 5]);
    expect(lines(card)).toEqual([
      "Comet: initiative 6 (Combat Value, fixed for the fight)",
      "Brick: initiative 6 (Combat Value, fixed for the fight)",
      "Comet rolls 2 on 1d6 to break a tie at initiative 6; the higher goes first.",
      "Brick rolls 5 on 1d6 to break a tie at initiative 6; the higher goes first.",
    ]);
  });
});

describe("React buttons name who may react and with what", () => {
  it("flow: a hit offers the defender one button naming its reactions, not a bare 'React'", () => {
    const t = flowDuel([1, 0]);
    t.run({ type: "start" }, [5, 5]);
    const card = t.run({ type: "act", who: "ana", action: "attack", target: "orc" }, [30]);
    const react = card?.buttons.filter((b) => b.action === "tempoReact") ?? [];
    expect(react).toHaveLength(1);
    expect(react[0]?.label).toBe("Orc: react (Dodge, Parry, or Riposte)");
    expect(react[0]?.ariaLabel).toBe("Open Orc's reaction prompt: Dodge, Parry, or Riposte against Ana");
  });
});

describe("a timed-out prompt says time ran out, not the words of a decline", () => {
  function heldMove(): { t: Table; reactor: string; mover: string } {
    const t = flowDuel([1, 0]);
    t.run({ type: "start" }, [5, 5]);
    t.run({ type: "move", who: "ana", path: [[-1, 0]] });
    const offer = t.state.offers[0];
    if (!offer) throw new Error("the move drew no offer");
    return { t, reactor: offer.who, mover: "ana" };
  }

  it("the chat card of a decline the countdown gave says time ran out", () => {
    const { t, reactor } = heldMove();
    const command: Command = { type: "react", who: reactor, with: "decline" };
    const result = apply(t.state, command, new ScriptedDice([]), getRuleset("flow"));
    if (!result.ok) throw new Error(result.refusal.key);
    const timedOut = chatCard({ command, events: result.events, timedOut: true }, result.state, i18n);
    expect(timedOut?.title).toBe("Orc's time to react ran out");
    expect(timedOut?.notes.map((n) => n.text)).toContain("Time ran out: Orc does not react.");
    const chosen = chatCard({ command, events: result.events }, result.state, i18n);
    expect(chosen?.title).toBe("Orc does not react");
    expect(chosen?.notes.map((n) => n.text)).toContain("Orc declines to react.");
  });

  it("the prompt itself says time ran out once its countdown has", () => {
    const { t, reactor } = heldMove();
    const options = { i18n, seconds: 0, total: 15, paused: false };
    const open = promptView(t.state, reactor, t.state.offers, options);
    expect(open.countdown.text).toBe("0 s left");
    const expired = promptView(t.state, reactor, t.state.offers, { ...options, expired: true });
    expect(expired.countdown.text).toBe("Time ran out: Orc does not react.");
  });

  it("a reaction the rules do not allow now is disabled with its reason as its description and title", () => {
    const { t, reactor } = heldMove();
    // The orc has spent its RP: its Reaction Attack is offered but cannot be paid for.
    const broke: EncounterState = {
      ...t.state,
      combatants: t.state.combatants.map((c) =>
        c.id === reactor ? { ...c, pools: { ...c.pools, rp: 0 } } : c,
      ),
    };
    const view = promptView(broke, reactor, broke.offers, { i18n, seconds: 9, total: 15, paused: false });
    const html = compilePrompt({ tempo: view });
    const disabled = view.choices.filter((c) => c.disabled);
    expect(disabled.length).toBeGreaterThan(0);
    for (const choice of disabled) {
      expect(choice.reason).not.toBe("");
      expect(html).toContain(`title="${choice.reason}"`);
      expect(html).toContain(`aria-describedby="${choice.reasonId}"`);
      expect(html).toContain(`id="${choice.reasonId}"`);
    }
    expect(view.choices.every((c) => c.reasonId.startsWith(`tempo-prompt-${reactor}-why-`))).toBe(true);
  });
});
