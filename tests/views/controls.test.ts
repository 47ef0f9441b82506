/**
 * Every tracker and sheet control, for the GM, the combatant's owner and another player: who sees
 * it, which command it sends (src/views/controls.ts, the mapping Foundry's handlers and the
 * playground use), and that a control a user can press is one the GM's checks and the engine
 * accept: a refused press is made impossible by leaving the control out or disabling it.
 */
import { describe, expect, it } from "vitest";

import {
  apply,
  check,
  createEncounter,
  getRuleset,
  playerChoiceRefusal,
  RULESET_IDS,
  SeededDice,
  type Command,
  type CombatantSetup,
  type EncounterState,
  type RulesetId,
  combatantIn,
} from "../../src/engine";
import { permission } from "../../src/foundry/channel/permission";
import { sheetCommand, trackerCommand } from "../../src/views/controls";
import { sheetView, type SheetSubject } from "../../src/views/sheet";
import { trackerView } from "../../src/views/tracker";
import { i18n } from "../support/i18n";

const SETUPS: CombatantSetup[] = [
  { id: "ana", name: "Ana", side: "party", pc: true, marching: 1, at: [0, 0], stats: { agility: 2 } },
  { id: "bob", name: "Bob", side: "party", pc: true, marching: 2, at: [0, 1], stats: { agility: 0 } },
  { id: "orc", name: "Orc", side: "foes", at: [1, 0], stats: { agility: 1 } },
];

interface Viewer {
  label: string;
  isGM: boolean;
  owned: readonly string[];
}

/** Who looks: the GM, Ana's player (p1) and Bob's player (p2). */
const GM: Viewer = { label: "GM", isGM: true, owned: [] };
const P1: Viewer = { label: "p1 (owns Ana)", isGM: false, owned: ["ana"] };
const P2: Viewer = { label: "p2 (owns Bob)", isGM: false, owned: ["bob"] };
const VIEWERS: readonly Viewer[] = [GM, P1, P2];

function subjectOf(setup: CombatantSetup): SheetSubject {
  return {
    id: `actor-${setup.id}`,
    name: setup.name ?? setup.id,
    img: "icons/svg/mystery-man.svg",
    type: setup.pc ? "character" : "npc",
    setup,
    stats: { ...(setup.stats ?? {}) },
    skills: {},
    pools: {},
    weapons: [],
  };
}

/** A fight of each ruleset at several moments: just started, then after each of a few GM `next`s. */
function moments(ruleset: RulesetId): EncounterState[] {
  const rules = getRuleset(ruleset);
  const dice = new SeededDice(7);
  let state = createEncounter({ ruleset, grid: { type: "hex" }, combatants: SETUPS }, rules);
  const out: EncounterState[] = [];
  const step = (command: Command) => {
    const result = apply(state, command, dice, rules);
    if (result.ok) {
      state = result.state;
      out.push(state);
    }
  };
  step({ type: "start" });
  // marching: the lead takes initiative; the choosing moment is kept too.
  if (ruleset === "marching") step({ type: "choose", who: "ana", initiative: "take" });
  for (let k = 0; k < 4; k += 1) step({ type: "next" });
  // flow: the one acting walks away from whoever threatens it, opening an offer.
  if (ruleset === "flow") {
    const who = state.current ?? "ana";
    const at = combatantIn(state, who)?.at ?? [0, 0];
    step({ type: "move", who, path: [[at[0] - 1, at[1]]] });
  }
  return out;
}

interface Pressable {
  where: string;
  command: Command;
}

/** The tracker's enabled controls that send a command, for one viewer. */
function trackerPressables(state: EncounterState, viewer: Viewer): Pressable[] {
  const view = trackerView(state, { i18n, isGM: viewer.isGM, owned: viewer.owned });
  const out: Pressable[] = [];
  for (const c of view.controls) {
    if (c.disabled) continue;
    const command = trackerCommand(c.action, { who: c.who, value: c.value });
    if (command) out.push({ where: `tracker ${c.action}`, command });
  }
  for (const row of view.combatants)
    for (const pool of row.pools)
      for (const b of pool.buttons) {
        if (b.disabled) continue;
        const command = trackerCommand(b.action, { who: b.who, pool: b.pool, delta: String(b.delta) });
        if (command) out.push({ where: `tracker ${b.action} ${b.who}`, command });
      }
  return out;
}

/** The sheet's enabled controls that send a command, for one viewer looking at one combatant's sheet. */
function sheetPressables(state: EncounterState, who: string, viewer: Viewer): Pressable[] {
  const setup = SETUPS.find((s) => s.id === who) as CombatantSetup;
  const view = sheetView(
    {
      subject: subjectOf(setup),
      ruleset: state.ruleset,
      options: {},
      encounter: { state, combatantId: who },
      canControl: viewer.isGM || viewer.owned.includes(who),
      isGM: viewer.isGM,
      editable: viewer.isGM || viewer.owned.includes(who),
      target: null,
    },
    i18n,
  );
  const out: Pressable[] = [];
  const add = (where: string, command: Command | null) => {
    if (command) out.push({ where: `${who}'s sheet ${where}`, command });
  };
  for (const pool of view.pools) {
    if (!pool.adjustable) continue;
    if (pool.canSpend) add(`spend ${pool.id}`, sheetCommand("spendPool", who, { pool: pool.id }));
    if (pool.canRestore) add(`restore ${pool.id}`, sheetCommand("restorePool", who, { pool: pool.id }));
  }
  for (const a of view.actions) {
    if (a.disabled) continue;
    const cost = a.chooseCost ? 1 : null;
    add(
      `take ${a.id}`,
      sheetCommand("takeAction", who, { actionId: a.id, verb: a.verb, target: a.target }, cost),
    );
  }
  for (const o of view.offers) {
    if (o.disabled) continue;
    add(`react ${o.reaction}`, sheetCommand("react", who, { reaction: o.reaction, against: o.against }));
  }
  return out;
}

/** Why the GM's client or the engine would refuse this press by this viewer, or null. */
function refusalOf(state: EncounterState, press: Pressable, viewer: Viewer): string | null {
  const denied = permission(
    press.command,
    { isGM: viewer.isGM },
    (id) => viewer.owned.includes(id),
    (id) => id,
  );
  if (denied) return denied.key;
  if (!viewer.isGM) {
    const choice = playerChoiceRefusal(press.command, getRuleset(state.ruleset));
    if (choice) return choice.key;
  }
  return check(state, press.command)?.key ?? null;
}

describe("every control: who sees it, what it sends, and no press that would be refused (issue 14)", () => {
  for (const ruleset of RULESET_IDS) {
    it(`${ruleset}: every control a user can press is accepted by the GM's checks and the engine`, () => {
      let pressed = 0;
      for (const state of moments(ruleset))
        for (const viewer of VIEWERS) {
          const presses = [
            ...trackerPressables(state, viewer),
            ...SETUPS.flatMap((s) => sheetPressables(state, s.id, viewer)),
          ];
          for (const press of presses) {
            expect(refusalOf(state, press, viewer), `${viewer.label}: ${press.where}`).toBeNull();
            pressed += 1;
          }
        }
      // The walk pressed something in every ruleset (the GM's Next at least).
      expect(pressed).toBeGreaterThan(0);
    });
  }

  it("players never see the GM's tracker controls (Next, pool ±, the combatant setup); the GM sees them on every row", () => {
    for (const ruleset of RULESET_IDS)
      for (const state of moments(ruleset)) {
        if (state.status !== "active") continue;
        const gm = trackerView(state, { i18n, isGM: true, owned: [] });
        expect(
          gm.controls.map((c) => c.action),
          ruleset,
        ).toContain("tempoNext");
        expect(gm.combatants.every((r) => r.canSetup)).toBe(true);
        for (const viewer of [P1, P2]) {
          const view = trackerView(state, { i18n, isGM: false, owned: viewer.owned });
          expect(view.controls.map((c) => c.action)).not.toContain("tempoNext");
          expect(view.combatants.some((r) => r.canSetup)).toBe(false);
          expect(view.combatants.flatMap((r) => r.pools.flatMap((p) => p.buttons))).toEqual([]);
        }
      }
  });

  it("End turn shows only to the player who owns the acting combatant, and sends endTurn for it", () => {
    const state = moments("flow")[0] as EncounterState;
    const current = state.current as string;
    const owner = VIEWERS.find((v) => v.owned.includes(current));
    const others = VIEWERS.filter((v) => v !== owner);
    if (owner) {
      const view = trackerView(state, { i18n, isGM: false, owned: owner.owned });
      const end = view.controls.find((c) => c.action === "tempoEndTurn");
      expect(end && trackerCommand(end.action, { who: end.who })).toEqual({ type: "endTurn", who: current });
    }
    for (const v of others) {
      const view = trackerView(state, { i18n, isGM: v.isGM, owned: v.owned });
      expect(
        view.controls.some((c) => c.action === "tempoEndTurn"),
        v.label,
      ).toBe(false);
    }
  });

  it("marching: take / cede show to the lead's owner and the GM, not to another player, and send choose", () => {
    const choosing = moments("marching")[0] as EncounterState;
    expect(choosing.stage).toBe("choose");
    const shown = (v: Viewer) =>
      trackerView(choosing, { i18n, isGM: v.isGM, owned: v.owned })
        .controls.filter((c) => c.action === "tempoChoose")
        .map((c) => trackerCommand(c.action, { who: c.who, value: c.value }));
    const take: Command = { type: "choose", who: "ana", initiative: "take" };
    const cede: Command = { type: "choose", who: "ana", initiative: "cede" };
    expect(shown(GM)).toEqual([take, cede]);
    expect(shown(P1)).toEqual([take, cede]);
    expect(shown(P2)).toEqual([]);
  });

  it("the GM's pool − and + send adjustPool for that combatant and pool; − is disabled at 0", () => {
    const state = moments("flow")[0] as EncounterState;
    const view = trackerView(state, { i18n, isGM: true, owned: [] });
    const row = view.combatants.find((r) => r.expanded);
    const ap = row?.pools.find((p) => p.id === "ap");
    const [minus, plus] = ap?.buttons ?? [];
    expect(
      minus && trackerCommand(minus.action, { who: minus.who, pool: minus.pool, delta: String(minus.delta) }),
    ).toEqual({
      type: "adjustPool",
      who: row?.id,
      pool: "ap",
      delta: -1,
    });
    expect(plus && trackerCommand(plus.action, { who: plus.who, pool: plus.pool, delta: "1" })).toEqual({
      type: "adjustPool",
      who: row?.id,
      pool: "ap",
      delta: 1,
    });
    expect(minus?.disabled).toBe(ap?.value === 0);
  });

  it("a sheet in a fight: its owner takes actions but adjusts no pool; another player presses nothing; the GM adjusts pools", () => {
    const state = moments("flow")[0] as EncounterState;
    const current = state.current as string;
    const owner = VIEWERS.find((v) => v.owned.includes(current));
    const other = VIEWERS.find((v) => !v.isGM && !v.owned.includes(current)) as Viewer;
    if (owner) {
      const presses = sheetPressables(state, current, owner);
      expect(presses.some((p) => p.command.type === "act")).toBe(true);
      expect(presses.some((p) => p.command.type === "adjustPool")).toBe(false);
    }
    expect(sheetPressables(state, current, other)).toEqual([]);
    const gm = sheetPressables(state, current, GM);
    expect(gm.filter((p) => p.command.type === "adjustPool").map((p) => p.command)).toContainEqual({
      type: "adjustPool",
      who: current,
      pool: "ap",
      delta: 1,
    });
  });

  it("an action's button names the target its check passed with, so the press is the command checked (flow: attack)", () => {
    const state = moments("flow")[0] as EncounterState;
    const current = state.current as string;
    const attack = sheetPressables(state, current, GM).find(
      (p) => p.command.type === "act" && p.command.action === "attack",
    );
    expect(attack?.command).toMatchObject({ type: "act", who: current, action: "attack" });
    expect(attack && "target" in attack.command && attack.command.target).toBeTruthy();
  });

  it("controls that open a window or a page send no command (setup, how-to, edit item)", () => {
    expect(trackerCommand("tempoSetup", { who: "ana" })).toBeNull();
    expect(trackerCommand("tempoHowto", {})).toBeNull();
    expect(sheetCommand("editItem", "ana", {})).toBeNull();
    expect(trackerCommand("tempoAdjustPool", { who: "ana", pool: "ap", delta: "5" })).toBeNull();
  });
});
