import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";

import { chatCard, damageFormula } from "../../../src/views/chat";
import { Countdown, promptView } from "../../../src/views/prompt";
import { TEMPLATE_PATHS, repoPath } from "../../../src/views/templates";
import { resumedMoves } from "../../../src/foundry/rules/moves";
import { fight, i18n, readTemplate } from "./helpers";

/** Handlebars as Foundry sets it up for templates: `localize` is a helper over game.i18n. */
function compile(path: string): HandlebarsTemplateDelegate {
  const hb = Handlebars.create();
  hb.registerHelper("localize", (key: string) => i18n.localize(key));
  return hb.compile(readTemplate(repoPath(path)));
}

const DRAG: [number, number][] = [
  [2, 0],
  [2, -1],
  [1, -1],
  [0, -1],
];

describe("the reaction prompt template", () => {
  it("lists the reactions open now with their cost, a countdown, a pause button and decline", () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    const view = promptView(table.state, "orc", table.state.offers, {
      i18n,
      seconds: 12,
      total: 15,
      paused: false,
    });
    const out = compile(TEMPLATE_PATHS.prompt)({ tempo: view });
    expect(out).toContain("Orc may react");
    expect(out).toContain("Ana leaves a hex Orc threatens.");
    expect(out).toContain('data-action="tempoReact"');
    expect(out).toContain(`data-offer-id="${table.state.offers[0]?.id ?? "missing"}"`);
    expect(out).toContain("Reaction Attack");
    expect(out).toContain("1 RP");
    expect(out).toContain("12 s left");
    expect(out).toContain('style="width: 80%"');
    expect(out).toContain('data-action="tempoPauseCountdown"');
    expect(out).toContain('data-action="tempoDecline"');
    expect(out).not.toMatch(/\{\{|TEMPO\./);
  });

  it('disables a reaction the pools do not allow and says why (flow: "provided you have the RP to do so")', () => {
    // The orc's hit offers Ana Dodge, Parry (1 RP) and Riposte (2 RP); then she is down to 1 RP.
    const table = fight({ ana: [2, 0] });
    table.write([{ type: "endTurn", who: "ana" }], "gm");
    table.write([{ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" }], "gm");
    table.write([{ type: "adjustPool", who: "ana", pool: "rp", delta: -1 }], "gm");
    const offers = table.state.offers.filter((o) => o.who === "ana");
    const view = promptView(table.state, "ana", offers, { i18n, seconds: 15, total: 15, paused: false });
    const dodge = view.choices.find((c) => c.reaction === "dodge");
    expect(dodge?.disabled).toBe(false);
    const out = compile(TEMPLATE_PATHS.prompt)({ tempo: view });
    expect(out.match(/data-action="tempoReact"/g)?.length).toBe(offers.length);
    const riposte = view.choices.find((c) => c.reaction === "riposte");
    expect(riposte?.disabled).toBe(true);
    expect(riposte?.reason).toBe("Ana needs 2 RP but has 1.");
    expect(out).toMatch(new RegExp(`data-offer-id="${riposte?.offerId ?? "none"}"[^>]*disabled`));
    expect(out).toContain("Ana needs 2 RP but has 1.");
  });

  it("shows a paused countdown with a resume button, and the GM's mirror note", () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    const view = promptView(table.state, "orc", table.state.offers, {
      i18n,
      seconds: 7,
      total: 15,
      paused: true,
      mirrorOf: "Bea",
    });
    const out = compile(TEMPLATE_PATHS.prompt)({ tempo: view });
    expect(out).toContain("Paused at 7 s");
    expect(out).toContain('data-action="tempoResumeCountdown"');
    expect(out).toContain("Bea");
  });

  it("hides offers that closed since the prompt opened", () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    const asked = table.state.offers;
    table.write([{ type: "react", who: "orc", with: "decline", against: "ana" }], "gm");
    const view = promptView(table.state, "orc", asked, { i18n, seconds: 5, total: 15, paused: false });
    expect(view.hasChoices).toBe(false);
    expect(compile(TEMPLATE_PATHS.prompt)({ tempo: view })).not.toContain('data-action="tempoReact"');
  });
});

describe("the countdown", () => {
  it("declines when it runs out, not while paused, and only once", () => {
    let expired = 0;
    const clock = new Countdown(15_000, () => (expired += 1));
    clock.tick(10_000);
    expect(clock.seconds).toBe(5);
    clock.pause();
    clock.tick(60_000);
    expect(expired).toBe(0);
    clock.resume();
    expect(clock.tick(5_000)).toBe(true);
    clock.tick(5_000);
    expect(expired).toBe(1);
  });

  it('stops while the reactor is asked "Decline every reaction?" and runs on after it, leaving a hand-paused clock paused', () => {
    let expired = 0;
    const clock = new Countdown(15_000, () => (expired += 1));
    clock.tick(10_000);
    clock.hold();
    expect(clock.paused).toBe(true);
    clock.tick(60_000);
    expect(expired).toBe(0);
    clock.release();
    expect(clock.paused).toBe(false);
    expect(clock.seconds).toBe(5);
    // Paused by hand before the question: the question's end does not start it again.
    const paused = new Countdown(15_000, () => (expired += 1));
    paused.pause();
    paused.hold();
    paused.release();
    expect(paused.paused).toBe(true);
    paused.tick(60_000);
    expect(expired).toBe(0);
  });

  it("does not expire once answered", () => {
    let expired = 0;
    const clock = new Countdown(1_000, () => (expired += 1));
    clock.finish();
    clock.tick(5_000);
    expect(expired).toBe(0);
  });
});

describe("chat cards", () => {
  it("show a reaction attack's roll, outcome and pools, with a Roll damage button after a hit", () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    const before = table.events.length;
    const command = { type: "react", who: "orc", with: "reactionAttack", against: "ana" } as const;
    table.write([command], "gm", [5]);
    const events = table.events.slice(before);
    const card = chatCard({ command, events }, table.state, i18n);
    expect(card).not.toBeNull();
    if (!card) return;
    const out = compile(TEMPLATE_PATHS.chatCard)({ tempo: card });
    expect(out).toContain("Orc reacts: Reaction Attack");
    expect(out).toMatch(/Orc rolls 5 on d100 for Reaction Attack, needed \d+ or less: /);
    expect(out).toContain("Orc spends 1 RP (1 left).");
    // A hit opens Ana's defences: the card offers her a React button while they are open.
    expect(out).toContain("Ana may react to Orc: Dodge.");
    expect(out).toContain('data-tempo-action="tempoReact"');
    expect(out).not.toMatch(/\{\{|TEMPO\./);
  });

  it("show the outcome once the attack resolves, with Roll damage for the hit", () => {
    const table = fight({ ana: [2, 0] });
    table.write([{ type: "endTurn", who: "ana" }], "gm");
    table.write([{ type: "act", who: "orc", action: "attack", target: "ana", outcome: "crit" }], "gm");
    const before = table.events.length;
    const command = { type: "react", who: "ana", with: "decline", against: "orc" } as const;
    table.write([command], "player");
    const card = chatCard({ command, events: table.events.slice(before) }, table.state, i18n);
    if (!card) throw new Error("no card");
    const out = compile(TEMPLATE_PATHS.chatCard)({ tempo: card });
    expect(out).toContain("Ana does not react");
    expect(out).toContain("Orc hits Ana critically: damage x2.");
    expect(out).toContain('data-tempo-action="tempoRollDamage"');
    expect(out).toContain('data-multiplier="2"');
    expect(out).toContain("Orc gains 3 FP");
  });

  it("are not made for commands with nothing to tell", () => {
    const table = fight();
    const before = table.events.length;
    const command = { type: "adjustPool", who: "ana", pool: "ap", delta: -1 } as const;
    table.write([command], "gm");
    expect(chatCard({ command, events: table.events.slice(before) }, table.state, i18n)).toBeNull();
  });

  it("are made for an end of turn that loses FP to decay, and say it is lost, not spent", () => {
    const table = fight();
    const before = table.events.length;
    const command = { type: "endTurn", who: "ana" } as const;
    table.write([command], "gm");
    const card = chatCard({ command, events: table.events.slice(before) }, table.state, i18n);
    expect(card?.pools.map((p) => p.text)).toEqual([
      "Ana loses 1 FP as the turn ends without Flow State (1 left).",
    ]);
  });

  it("multiply the weapon's damage by the hit's multiplier", () => {
    expect(damageFormula("1d8+2", 1)).toBe("1d8+2");
    expect(damageFormula("1d8+2", 2)).toBe("(1d8+2) * 2");
    expect(damageFormula("1d6", 3)).toBe("(1d6) * 3");
  });
});

describe("the tempo.moveResumed hook", () => {
  it("fires when a reaction's answer lets a held move go on, not for the reactor's own intercept", () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    const before = table.events.length;
    const command = { type: "react", who: "orc", with: "decline", against: "ana" } as const;
    table.write([command], "gm");
    const resumed = resumedMoves(command, table.events.slice(before));
    expect(resumed).toEqual([{ type: "moveResumed", who: "ana", via: "moved", to: [0, -1] }]);
    expect(
      resumedMoves({ type: "react", who: "ana", with: "intercept" }, [
        { type: "moved", who: "ana", to: [1, 1] },
      ]),
    ).toEqual([]);
  });
});
