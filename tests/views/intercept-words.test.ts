/**
 * flow, a Reaction Attack that hits (docs/rulesets/flow.md, "Is an ally's Intercept open against a
 * Reaction Attack?"): "the defending player ... can still Dodge/Parry/Block as normal, but you cannot
 * perform any advanced Reactions", and "Intercept: 2 RP to move up to 3 Hexes and roll Agility to
 * take an attack for an ally". The engine offers the defender Dodge and Parry and the ally Intercept;
 * "How Flow plays" and the reaction prompt say the same.
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
  type EncounterState,
} from "../../src/engine";
import { howtoSource } from "../../src/views/howto";
import { promptView } from "../../src/views/prompt";
import { i18n } from "../support/i18n";

const flow = getRuleset("flow");

/** Ana steps out of the orc's reach; the orc's Reaction Attack hits; Bob may intercept. */
function reactionAttackHits(): EncounterState {
  let state = createEncounter(
    {
      ruleset: "flow",
      grid: { type: "hex" },
      combatants: [
        { id: "ana", name: "Ana", side: "party", pc: true, at: [0, 0] },
        { id: "bob", name: "Bob", side: "party", pc: true, at: [-2, 0] },
        { id: "orc", name: "Grosh", side: "foes", at: [1, 0] },
      ],
    },
    flow,
  );
  const dice = new ScriptedDice([10, 5, 1]);
  const commands: Command[] = [
    { type: "start" },
    { type: "move", who: "ana", path: [[-1, 1]] },
    { type: "react", who: "orc", with: "reactionAttack", outcome: "hit" },
  ];
  for (const command of commands) {
    const result = apply(state, command, dice, flow);
    if (!result.ok) throw new Error(result.refusal.key);
    state = result.state;
  }
  return state;
}

const ask = (state: EncounterState, who: string) =>
  promptView(
    state,
    who,
    state.offers.filter((o) => o.who === who),
    { i18n, seconds: 10, total: 15, paused: false },
  );

describe("flow: an ally's Intercept against a Reaction Attack (engine, prompt and How Flow plays agree)", () => {
  it("the engine offers the defender Dodge and Parry, no Riposte, and the ally Intercept", () => {
    const state = reactionAttackHits();
    expect(state.offers.map((o) => `${o.who}/${o.with}`).sort()).toEqual([
      "ana/dodge",
      "ana/parry",
      "bob/intercept",
    ]);
  });

  it("the defender's prompt names the Reaction Attack and what it leaves open", () => {
    const view = ask(reactionAttackHits(), "ana");
    expect(view.prompt).toBe("Grosh's Reaction Attack hits Ana: Dodge, Parry or Block, no Riposte.");
    expect(view.choices.map((c) => c.label)).toEqual(["Dodge", "Parry"]);
  });

  it("the ally's prompt says whom the Reaction Attack hits, not that it hits the ally", () => {
    const view = ask(reactionAttackHits(), "bob");
    expect(view.prompt).toBe("Grosh's Reaction Attack hits Ana, Bob's ally.");
    expect(view.choices.map((c) => c.label)).toEqual(["Intercept"]);
  });

  it("the ally's prompt against an ordinary attack names the ally attacked", () => {
    const state = reactionAttackHits();
    const offer = { id: "o9", who: "bob", with: "intercept", against: "orc", trigger: "t9", cell: null };
    const held: EncounterState = {
      ...state,
      pending: [
        {
          id: "t9",
          kind: "attack",
          actor: "orc",
          data: { attacker: "orc", target: "ana", reactionAttack: false },
        },
      ],
      offers: [offer],
    };
    expect(ask(held, "bob").prompt).toBe("Grosh attacks Ana, Bob's ally.");
  });

  it("How Flow plays says the same: no Riposte for the defender, and an ally may still Intercept", () => {
    const page = readFileSync(resolve(__dirname, "../..", howtoSource("flow")), "utf8");
    expect(page).toContain(
      "Against a Reaction Attack you may only Dodge, Parry or Block (no Riposte); an ally may still Intercept it.",
    );
    expect(page).not.toContain("Against a Reaction Attack only Dodge, Parry or Block are open.");
  });
});
