import { describe, expect, it } from "vitest";

import {
  apply,
  createEncounter,
  getRuleset,
  ScriptedDice,
  type Command,
  type CombatantSetup,
  type EncounterState,
} from "../../src/engine";
import { GM_COMMANDS } from "../../src/foundry/channel/permission";
import { i18n } from "../support/i18n";
import {
  actionSheetView,
  pipsFor,
  sheetView,
  validationNotice,
  weaponSheetView,
  type SheetInput,
  type SheetSubject,
} from "../../src/views/sheet";

function subject(over: Partial<SheetSubject> = {}, setup: Partial<CombatantSetup> = {}): SheetSubject {
  return {
    id: "hero",
    name: "Aria",
    img: "icons/svg/mystery-man.svg",
    type: "character",
    setup: {
      id: "hero",
      name: "Aria",
      side: "party",
      pc: true,
      size: "medium",
      stats: { agility: 2 },
      ...setup,
    },
    stats: { agility: 2, maxAp: 5, maxRp: 2, moveSpeed: 6 },
    skills: { melee: 40 },
    pools: { ap: 5, rp: 2, fp: 0 },
    weapons: [],
    ...over,
  };
}

function input(over: Partial<SheetInput> = {}): SheetInput {
  return {
    subject: subject(),
    ruleset: "flow",
    options: {},
    encounter: null,
    canControl: true,
    isGM: true,
    editable: true,
    ...over,
  };
}

/** A started flow fight: Aria (agility 2) against an orc; initiative dice make Aria act first. */
function flowFight(): EncounterState {
  const ruleset = getRuleset("flow");
  const setup = createEncounter(
    {
      ruleset: "flow",
      grid: { type: "hex" },
      combatants: [
        {
          id: "hero",
          name: "Aria",
          side: "party",
          pc: true,
          at: [0, 0],
          stats: { agility: 2 },
          skills: { melee: 60 },
        },
        { id: "orc", name: "Orc", side: "foes", at: [1, 0], stats: { agility: 0 }, skills: { melee: 30 } },
      ],
    },
    ruleset,
  );
  const started = apply(setup, { type: "start" }, new ScriptedDice([9, 2]), ruleset);
  if (!started.ok) throw new Error(started.refusal.key);
  return started.state;
}

function run(state: EncounterState, command: Command, dice: number[] = []): EncounterState {
  const result = apply(state, command, new ScriptedDice(dice), getRuleset(state.ruleset));
  if (!result.ok) throw new Error(`${result.refusal.key} ${JSON.stringify(result.refusal.data)}`);
  return result.state;
}

describe("pipsFor", () => {
  it("draws one pip per point up to the maximum, filled for the points held", () => {
    const pips = pipsFor(3, 5);
    expect(pips).toHaveLength(5);
    expect(pips.filter((p) => p.cssClass.includes("is-filled"))).toHaveLength(3);
  });

  it('shows points above the maximum as extra pips (flow: "It is possible to start a round with more than 5")', () => {
    const pips = pipsFor(6, 5);
    expect(pips).toHaveLength(6);
    expect(pips[5]?.cssClass).toContain("is-extra");
    expect(pips[4]?.cssClass).not.toContain("is-extra");
  });
});

describe("sheetView outside combat", () => {
  it("shows flow's three pools with the maxima the ruleset would give (5 AP, 2 RP, 2 FP) and the actor's own values", () => {
    const view = sheetView(input(), i18n);
    expect(view.pools.map((p) => [p.id, p.value, p.max])).toEqual([
      ["ap", 5, 5],
      ["rp", 2, 2],
      ["fp", 0, 2],
    ]);
    expect(view.pools[0]?.ariaLabel).toBe("AP 5 of 5");
    expect(view.pools[0]?.count).toBe("5/5");
  });

  it('shows FP by its value alone: "2 FP at start of combat" is a start, not a maximum (gained on hits, lost each turn)', () => {
    const view = sheetView(input({ subject: subject({ pools: { ap: 5, rp: 2, fp: 5 } }) }), i18n);
    const fp = view.pools.find((p) => p.id === "fp");
    expect(fp).toMatchObject({ value: 5, hasMax: false, count: "5", ariaLabel: "FP 5" });
    expect(fp?.pips.map((p) => p.cssClass)).toEqual(Array(5).fill("tempo-pip is-filled"));
    expect(view.pools.filter((p) => p.hasMax).map((p) => p.id)).toEqual(["ap", "rp"]);
  });

  it('says what refills each pool next ("5 AP per round", "regain their RP at the start of their turn", "2 FP at start of combat")', () => {
    const view = sheetView(input(), i18n);
    expect(view.pools.map((p) => p.refill)).toEqual([
      "Refills at the start of each round",
      "Refills at the start of its turn",
      "Refills at the start of combat",
    ]);
  });

  it("follows rating's optional rule: AP refills at the start of the turn when apRefresh is turn", () => {
    const rating = sheetView(
      input({
        ruleset: "rating",
        options: { apRefresh: "turn" },
        subject: subject({}, { stats: { maxAp: 4 } }),
      }),
      i18n,
    );
    expect(rating.pools).toHaveLength(1);
    expect(rating.pools[0]?.refill).toBe("Refills at the start of its turn");
    expect(rating.pools[0]?.max).toBe(4);
  });

  it("greys out every action with the reason that no combat is running", () => {
    const view = sheetView(input(), i18n);
    expect(view.actions.length).toBe(Object.keys(getRuleset("flow").actions).length);
    expect(view.actions.every((a) => a.disabled && a.reason === "No combat is running.")).toBe(true);
  });

  it("lists the ruleset's stats and skills with the actor's values as form fields", () => {
    const view = sheetView(input(), i18n);
    const agility = view.stats.find((s) => s.field === "system.stats.agility");
    expect(agility).toMatchObject({ label: "Agility", value: 2 });
    expect(view.skills.find((s) => s.field === "system.skills.melee")).toMatchObject({
      label: "Melee",
      value: 40,
    });
  });

  it("lets the owner spend but not restore past the maximum, and gives others no controls", () => {
    const own = sheetView(input(), i18n);
    expect(own.pools[0]).toMatchObject({ adjustable: true, canSpend: true, canRestore: false });
    expect(own.pools[2]).toMatchObject({ canSpend: false, canRestore: true });
    const other = sheetView(input({ canControl: false }), i18n);
    expect(other.pools.every((p) => !p.adjustable && !p.canSpend && !p.canRestore)).toBe(true);
    expect(other.actions.every((a) => a.reason === "You do not control this actor.")).toBe(true);
  });

  it('shows reach from size, or from an equipped weapon when longer, and the cells threatened ("Large enemy would have Reach 2 ... total of 18 hexes of threat")', () => {
    expect(sheetView(input(), i18n).reach).toMatchObject({
      value: 1,
      threat: "threatens 6 hexes around it.",
    });
    const polearm = sheetView(input({ subject: subject({}, { reach: 2 }) }), i18n);
    expect(polearm.reach).toMatchObject({ value: 2, threat: "threatens 18 hexes around it." });
  });

  it("lets the player choose the cost of rating's primary action (the command carries it)", () => {
    const view = sheetView(input({ ruleset: "rating" }), i18n);
    const primary = view.actions.find((a) => a.id === "primary");
    expect(primary).toMatchObject({ chooseCost: true, cost: "AP: you choose" });
    expect(view.actions.find((a) => a.id === "free")).toMatchObject({ chooseCost: false, cost: "Free" });
  });
});

describe("costs where a ruleset has no points", () => {
  it("shows no cost and no cost input in phases, segments and marching (their texts give no points)", () => {
    for (const ruleset of ["phases", "segments", "marching"] as const) {
      const view = sheetView(input({ ruleset, subject: subject({ pools: {} }) }), i18n);
      expect(view.pools, ruleset).toEqual([]);
      expect(
        view.actions.filter((a) => a.cost !== "" || a.chooseCost).map((a) => a.id),
        ruleset,
      ).toEqual([]);
      expect(
        view.reactions.filter((r) => r.cost !== "").map((r) => r.id),
        ruleset,
      ).toEqual([]);
    }
  });

  it('keeps the points\' costs where a ruleset has them (flow: "2 AP for attacks/spells")', () => {
    const view = sheetView(input(), i18n);
    expect(view.actions.find((a) => a.id === "attack")?.cost).toBe("2 AP");
  });
});

describe("pool controls: who sees them, and what they send", () => {
  it("gives a player no pool buttons in a fight, even on their own sheet: adjustPool is the GM's command", () => {
    expect(GM_COMMANDS).toContain("adjustPool");
    const state = flowFight();
    const player = sheetView(input({ encounter: { state, combatantId: "hero" }, isGM: false }), i18n);
    expect(player.pools.map((p) => p.adjustable)).toEqual([false, false, false]);
    const gm = sheetView(
      input({ encounter: { state, combatantId: "hero" }, canControl: true, isGM: true }),
      i18n,
    );
    expect(gm.pools.map((p) => [p.id, p.adjustable, p.canSpend, p.canRestore])).toEqual([
      ["ap", true, true, true],
      ["rp", true, true, true],
      ["fp", true, true, true],
    ]);
  });

  it("lets the owner change the pools the actor keeps outside a fight (an update of their own actor)", () => {
    const owner = sheetView(input({ isGM: false, canControl: true }), i18n);
    expect(owner.pools.map((p) => p.adjustable)).toEqual([true, true, true]);
    const stranger = sheetView(input({ isGM: false, canControl: false }), i18n);
    expect(stranger.pools.map((p) => p.adjustable)).toEqual([false, false, false]);
  });
});

describe("sheetView in a running combat", () => {
  it("takes pool values from the combat, not from the actor", () => {
    const state = run(flowFight(), { type: "adjustPool", who: "hero", pool: "ap", delta: -2 });
    const view = sheetView(input({ encounter: { state, combatantId: "hero" } }), i18n);
    expect(view.pools[0]).toMatchObject({ value: 3, max: 5, ariaLabel: "AP 3 of 5" });
    expect(view.pools[0]?.pips.filter((p) => p.cssClass.includes("is-filled"))).toHaveLength(3);
  });

  it("enables the actions the engine accepts on the combatant's turn, with costs", () => {
    const state = flowFight();
    expect(state.current).toBe("hero");
    const view = sheetView(input({ encounter: { state, combatantId: "hero" } }), i18n);
    const attack = view.actions.find((a) => a.id === "attack");
    expect(attack).toMatchObject({ disabled: false, reason: "", cost: "2 AP", label: "Attack" });
    expect(view.isTurn).toBe(true);
    expect(view.status).toBe("Round 1: your turn");
  });

  it('offers "Declare" while declarations are open (segments: "1. All individuals Declare Actions")', () => {
    const ruleset = getRuleset("segments");
    const setup = createEncounter(
      {
        ruleset: "segments",
        combatants: [
          { id: "hero", name: "Aria", side: "party", pc: true, stats: { dexterity: 12 } },
          { id: "orc", name: "Orc", side: "foes", stats: { dexterity: 10 } },
        ],
      },
      ruleset,
    );
    const state = run(setup, { type: "start" });
    const view = sheetView(input({ ruleset: "segments", encounter: { state, combatantId: "hero" } }), i18n);
    const cast = view.actions.find((a) => a.id === "cast");
    expect(cast).toMatchObject({ verb: "declare", disabled: false });
    expect(cast?.buttonLabel).toMatch(/^Declare /);
    expect(view.actions.find((a) => a.id === "attack")?.verb).toBe("declare");
  });

  it("greys out actions when it is not the combatant's turn, giving the engine's reason", () => {
    const state = flowFight();
    const view = sheetView(
      input({ subject: subject({ id: "orc", name: "Orc" }), encounter: { state, combatantId: "orc" } }),
      i18n,
    );
    const attack = view.actions.find((a) => a.id === "attack");
    expect(attack?.disabled).toBe(true);
    expect(attack?.reason).toBe(i18n.format("TEMPO.Refusal.NotYourTurn", { who: "Orc" }));
  });

  it("greys out an attack when the AP left cannot pay for it (2 AP for attacks)", () => {
    const state = run(flowFight(), { type: "adjustPool", who: "hero", pool: "ap", delta: -4 });
    const view = sheetView(input({ encounter: { state, combatantId: "hero" } }), i18n);
    const attack = view.actions.find((a) => a.id === "attack");
    expect(attack?.disabled).toBe(true);
    expect(attack?.reason).toBe(
      i18n.format("TEMPO.Refusal.NotEnoughAP", { who: "Aria", pool: "ap", need: 2, have: 1 }),
    );
    expect(view.actions.find((a) => a.id === "draw")?.disabled).toBe(false);
  });

  it("lists the reactions with their RP costs, and the open offers as buttons", () => {
    const state = run(flowFight(), {
      type: "act",
      who: "hero",
      action: "attack",
      target: "orc",
      outcome: "hit",
    });
    const view = sheetView(
      input({ subject: subject({ id: "orc", name: "Orc" }), encounter: { state, combatantId: "orc" } }),
      i18n,
    );
    expect(view.reactions.find((r) => r.id === "riposte")).toMatchObject({ label: "Riposte", cost: "2 RP" });
    expect(view.reactions.find((r) => r.id === "dodge")).toMatchObject({ cost: "1 RP" });
    const dodge = view.offers.find((o) => o.reaction === "dodge");
    expect(dodge).toMatchObject({ against: "hero", disabled: false, label: "Dodge against Aria" });
  });

  it("shows the combatant's conditions with their durations", () => {
    const state = run(flowFight(), { type: "apply", who: "hero", condition: "prone", rounds: 2 });
    const view = sheetView(input({ encounter: { state, combatantId: "hero" } }), i18n);
    expect(view.conditions).toEqual([{ id: "prone", label: "Prone", duration: "rounds left: 2" }]);
  });

  it("keeps the ruleset the combat started with even when the world's ruleset changed", () => {
    const state = flowFight();
    const view = sheetView(input({ ruleset: "rating", encounter: { state, combatantId: "hero" } }), i18n);
    expect(view.ruleset).toEqual({ id: "flow", label: "Flow" });
    expect(view.pools.map((p) => p.id)).toEqual(["ap", "rp", "fp"]);
  });
});

describe("item sheet views", () => {
  const weaponFields = [
    {
      path: "kind",
      input: "select" as const,
      label: "Kind",
      hint: "",
      value: "melee",
      choices: [
        { value: "melee", label: "Melee" },
        { value: "ranged", label: "Ranged" },
      ],
    },
    { path: "reach", input: "number" as const, label: "Reach", hint: "Cells", value: 2, min: 0, max: 10 },
    { path: "equipped", input: "checkbox" as const, label: "Equipped", hint: "", value: true },
  ];

  it("turns a weapon's fields into labelled inputs named for the form (system.<path>) with the model's bounds", () => {
    const view = weaponSheetView({
      id: "w",
      name: "Halberd",
      img: "",
      type: "weapon",
      editable: true,
      fields: weaponFields,
    });
    expect(view.inputs.map((f) => f.name)).toEqual(["system.kind", "system.reach", "system.equipped"]);
    expect(view.inputs[1]).toMatchObject({ isNumber: true, value: "2", min: "0", max: "10", hint: "Cells" });
    expect(view.inputs[0]?.options.find((o) => o.selected)?.value).toBe("melee");
    expect(view.inputs[2]).toMatchObject({ isCheckbox: true, checked: true });
  });

  const actionFields = (action: string, ap: number, variableCost = false) => [
    { path: "ruleset", input: "select" as const, label: "Ruleset", hint: "", value: "flow", choices: [] },
    { path: "action", input: "text" as const, label: "Action", hint: "", value: action },
    { path: "category", input: "select" as const, label: "Category", hint: "", value: "action", choices: [] },
    { path: "cost.ap", input: "number" as const, label: "AP", hint: "", value: ap },
    { path: "cost.rp", input: "number" as const, label: "RP", hint: "", value: 0 },
    { path: "variableCost", input: "checkbox" as const, label: "Variable", hint: "", value: variableCost },
  ];

  it("offers the chosen ruleset's action ids and says what the catalog charges (flow: attacks cost 2 AP)", () => {
    const view = actionSheetView(
      { id: "a", name: "Attack", img: "", type: "action", editable: true, fields: actionFields("attack", 2) },
      i18n,
    );
    const select = view.inputs.find((f) => f.name === "system.action");
    expect(select?.isSelect).toBe(true);
    expect(select?.options.map((o) => o.value)).toEqual(Object.keys(getRuleset("flow").actions));
    expect(view.notes).toEqual(["Flow gives this a cost of 2 AP."]);
    expect(view.warnings).toEqual([]);
  });

  it("warns when the item's cost differs from the ruleset's", () => {
    const view = actionSheetView(
      { id: "a", name: "Attack", img: "", type: "action", editable: true, fields: actionFields("attack", 3) },
      i18n,
    );
    expect(view.warnings).toEqual([i18n.localize("TEMPO.ItemSheet.CostDiffers")]);
  });

  it("warns about an id the ruleset does not have, and keeps it visible in the select", () => {
    const view = actionSheetView(
      { id: "a", name: "Fly", img: "", type: "action", editable: true, fields: actionFields("fly", 1) },
      i18n,
    );
    expect(view.warnings).toEqual(["Flow has no action or reaction with the id fly."]);
    expect(view.inputs.find((f) => f.name === "system.action")?.options[0]).toMatchObject({
      value: "fly",
      selected: true,
    });
  });

  it("names refused fields by their labels in the notification", () => {
    const text = validationNotice(
      [{ path: "system.reach", message: "must be an integer" }],
      weaponFields,
      i18n,
    );
    expect(text).toBe("This change was not saved: Reach: must be an integer");
  });
});
