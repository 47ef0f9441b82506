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
} from "../../../src/engine";
import {
  actionSheetView,
  sheetView,
  weaponSheetView,
  type FieldSpec,
  type SheetInput,
  type SheetSubject,
} from "../../../src/views/sheet";
import { TEMPLATE_PATHS } from "../../../src/views/templates";
import { elements, i18n, render, unescape } from "./handlebars";

function subject(id: string, name: string): SheetSubject {
  return {
    id,
    name,
    img: "icons/svg/mystery-man.svg",
    type: "character",
    // As the adapter sets it up: the equipped spear gives reach 2.
    setup: { id, name, side: id === "orc" ? "foes" : "party", pc: id !== "orc", size: "medium", reach: 2 },
    stats: { agility: 2, maxAp: 5 },
    skills: {},
    pools: { ap: 5, rp: 2, fp: 2 },
    weapons: [
      {
        id: "w1",
        name: "Spear",
        img: "icons/svg/sword.svg",
        kind: "melee",
        reach: 2,
        range: 0,
        damage: "1d8",
        equipped: true,
      },
    ],
  };
}

function fight(): EncounterState {
  const ruleset = getRuleset("flow");
  const made = createEncounter(
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
        { id: "orc", name: "Orc", side: "foes", at: [1, 0], skills: { melee: 30 } },
      ],
    },
    ruleset,
  );
  const started = apply(made, { type: "start" }, new ScriptedDice([9, 2]), ruleset);
  if (!started.ok) throw new Error(started.refusal.key);
  return started.state;
}

function run(state: EncounterState, command: Command): EncounterState {
  const result = apply(state, command, new ScriptedDice([]), getRuleset(state.ruleset));
  if (!result.ok) throw new Error(result.refusal.key);
  return result.state;
}

function sheetHtml(over: Partial<SheetInput>, who = subject("hero", "Aria")): string {
  const input: SheetInput = {
    subject: who,
    ruleset: "flow",
    options: {},
    encounter: null,
    canControl: true,
    isGM: true,
    editable: true,
    ...over,
  };
  return render(TEMPLATE_PATHS.actorSheet, sheetView(input, i18n));
}

describe("actor sheet template", () => {
  it("draws each pool as a meter named 'AP 3 of 5' with one pip per point, filled for the points held", () => {
    const state = run(fight(), { type: "adjustPool", who: "hero", pool: "ap", delta: -2 });
    const html = sheetHtml({ encounter: { state, combatantId: "hero" } });
    const meters = elements(html, "span").filter((e) => e.attrs["role"] === "meter");
    expect(meters.map((m) => m.attrs["aria-label"])).toEqual(["AP 3 of 5", "RP 2 of 2", "FP 2"]);
    expect(meters[0]?.attrs).toMatchObject({
      "aria-valuenow": "3",
      "aria-valuemax": "5",
      "aria-valuemin": "0",
    });
    const apBlock = html.slice(html.indexOf('data-pool="ap"'), html.indexOf('data-pool="rp"'));
    expect(apBlock.match(/class="tempo-pip /g)).toHaveLength(5);
    expect(apBlock.match(/is-filled/g)).toHaveLength(3);
  });

  it("gives the GM spend and restore buttons that name the pool, and in a fight gives players none", () => {
    const state = fight();
    const player = sheetHtml({ encounter: { state, combatantId: "hero" }, isGM: false });
    expect(elements(player, "button").filter((b) => b.attrs["data-action"] === "spendPool")).toHaveLength(0);
    const own = sheetHtml({ encounter: { state, combatantId: "hero" } });
    const spend = elements(own, "button").filter((b) => b.attrs["data-action"] === "spendPool");
    expect(spend.map((b) => b.attrs["aria-label"])).toEqual(["Spend 1 AP", "Spend 1 RP", "Spend 1 FP"]);
    expect(elements(own, "button").filter((b) => b.attrs["data-action"] === "restorePool")).toHaveLength(3);
    const other = sheetHtml({ encounter: { state, combatantId: "hero" }, canControl: false, isGM: false });
    expect(elements(other, "button").filter((b) => b.attrs["data-action"] === "spendPool")).toHaveLength(0);
  });

  it("disables actions that cannot be taken, with the reason as tooltip and as the button's description", () => {
    const state = fight();
    const html = sheetHtml({ encounter: { state, combatantId: "orc" } }, subject("orc", "Orc"));
    const take = elements(html, "button").filter((b) => b.attrs["data-action"] === "takeAction");
    expect(take).toHaveLength(Object.keys(getRuleset("flow").actions).length);
    const reason = i18n.format("TEMPO.Refusal.NotYourTurn", { who: "Orc" });
    // Every action gives the same reason: it is said once, above the actions, and each button
    // points at it (issue 30: not repeated under every action), on hover as its title too.
    const notes = elements(html, "li").filter((li) => unescape(li.text) === reason);
    expect(notes).toHaveLength(1);
    for (const button of take) {
      expect(button.attrs).toHaveProperty("disabled");
      expect(unescape(button.attrs["data-tooltip"] ?? "")).toBe(reason);
      expect(unescape(button.attrs["title"] ?? "")).toBe(reason);
      expect(button.attrs["aria-describedby"]).toBe(notes[0]?.attrs["id"]);
    }
    expect(elements(html, "span").filter((s) => unescape(s.text) === reason)).toHaveLength(0);
  });

  it("enables the actions the combatant can take on its turn, labelled with the action and its cost", () => {
    const html = sheetHtml({ encounter: { state: fight(), combatantId: "hero" } });
    const attack = elements(html, "button").find((b) => b.attrs["data-action-id"] === "attack");
    expect(attack?.attrs).not.toHaveProperty("disabled");
    expect(attack?.text).toBe("Attack");
    expect(attack?.attrs["aria-label"]).toBe("Take Attack");
    expect(html).toContain('<span class="tempo-action__cost">2 AP</span>');
  });

  it("offers the open reactions as buttons with their RP cost", () => {
    const state = run(fight(), { type: "act", who: "hero", action: "attack", target: "orc", outcome: "hit" });
    const html = sheetHtml({ encounter: { state, combatantId: "orc" } }, subject("orc", "Orc"));
    const react = elements(html, "button").filter((b) => b.attrs["data-action"] === "react");
    expect(react.map((b) => b.attrs["data-reaction"])).toContain("dodge");
    const dodge = react.find((b) => b.attrs["data-reaction"] === "dodge");
    expect(dodge?.text).toBe("Dodge against Aria");
    expect(dodge?.attrs["data-against"]).toBe("hero");
  });

  it("shows reach and threat range, and the weapon that gives it", () => {
    const html = sheetHtml({});
    expect(html).toContain("Reach 2:");
    expect(html).toContain("threatens 18 hexes around it.");
    expect(elements(html, "button").find((b) => b.attrs["data-action"] === "editItem")?.text).toBe("Spear");
  });

  it("labels every input, uses buttons (not divs) for every control, and leaves no key untranslated", () => {
    const html = sheetHtml({ ruleset: "rating" });
    const labels = new Set(elements(html, "label").map((l) => l.attrs["for"]));
    for (const input of elements(html, "input")) expect(labels.has(input.attrs["id"])).toBe(true);
    expect(html).not.toMatch(/<(div|span|li|a)\b[^>]*data-action=/);
    for (const button of elements(html, "button")) expect(button.attrs["type"]).toBe("button");
    expect(html).not.toMatch(/TEMPO\./);
  });

  it("escapes the actor's name", () => {
    const html = sheetHtml({}, subject("x", "<b>Bold</b>"));
    expect(html).not.toContain("<b>Bold</b>");
    expect(html).toContain("&lt;b&gt;Bold&lt;/b&gt;");
  });
});

describe("item sheet template", () => {
  const fields: FieldSpec[] = [
    {
      path: "kind",
      input: "select",
      label: "Kind",
      hint: "",
      value: "ranged",
      choices: [
        { value: "melee", label: "Melee" },
        { value: "ranged", label: "Ranged" },
      ],
    },
    {
      path: "reach",
      input: "number",
      label: "Reach",
      hint: "Cells the weapon reaches",
      value: 2,
      min: 0,
      max: 10,
    },
    { path: "damage", input: "text", label: "Damage", hint: "", value: "1d10" },
    { path: "equipped", input: "checkbox", label: "Equipped", hint: "", value: false },
  ];

  it("renders each field as a labelled input with the model's bounds, its hint as the description", () => {
    const html = render(
      TEMPLATE_PATHS.itemSheet,
      weaponSheetView({ id: "w", name: "Halberd", img: "x.svg", type: "weapon", editable: true, fields }),
    );
    const labels = new Map(elements(html, "label").map((l) => [l.attrs["for"], l.text]));
    const reach = elements(html, "input").find((i) => i.attrs["name"] === "system.reach");
    expect(reach?.attrs).toMatchObject({ type: "number", min: "0", max: "10", value: "2" });
    expect(labels.get(reach?.attrs["id"])).toBe("Reach");
    const hint = elements(html, "p").find((p) => p.attrs["id"] === reach?.attrs["aria-describedby"]);
    expect(hint?.text).toBe("Cells the weapon reaches");
    const selected = elements(html, "option").find((o) => "selected" in o.attrs);
    expect(selected?.attrs["value"]).toBe("ranged");
    expect(
      elements(html, "input").find((i) => i.attrs["name"] === "system.equipped")?.attrs,
    ).not.toHaveProperty("checked");
    for (const input of [...elements(html, "input"), ...elements(html, "select")])
      expect(labels.has(input.attrs["id"])).toBe(true);
  });

  it("disables every input of a sheet the user cannot edit", () => {
    const html = render(
      TEMPLATE_PATHS.itemSheet,
      weaponSheetView({ id: "w", name: "Halberd", img: "x.svg", type: "weapon", editable: false, fields }),
    );
    for (const input of [...elements(html, "input"), ...elements(html, "select")])
      expect(input.attrs).toHaveProperty("disabled");
    expect(elements(html, "img").filter((b) => b.attrs["data-action"] === "editImage")).toHaveLength(0);
  });

  it("opens the image picker from the portrait <img> itself (editImage with data-edit), not from a button", () => {
    const html = render(
      TEMPLATE_PATHS.itemSheet,
      weaponSheetView({ id: "w", name: "Halberd", img: "x.svg", type: "weapon", editable: true, fields }),
    );
    const portraits = elements(html, "img").filter((b) => b.attrs["data-action"] === "editImage");
    expect(portraits.map((p) => [p.attrs["data-edit"], p.attrs["src"]])).toEqual([["img", "x.svg"]]);
    expect(elements(html, "button").filter((b) => b.attrs["data-action"] === "editImage")).toHaveLength(0);
  });

  it("shows the catalog's cost and a warning when the action's cost differs from it", () => {
    const actionFields: FieldSpec[] = [
      {
        path: "ruleset",
        input: "select",
        label: "Ruleset",
        hint: "",
        value: "flow",
        choices: [{ value: "flow", label: "Flow" }],
      },
      { path: "action", input: "text", label: "Action", hint: "", value: "attack" },
      { path: "category", input: "select", label: "Category", hint: "", value: "action", choices: [] },
      { path: "cost.ap", input: "number", label: "AP", hint: "", value: 1 },
    ];
    const html = render(
      TEMPLATE_PATHS.itemSheet,
      actionSheetView(
        { id: "a", name: "Attack", img: "x.svg", type: "action", editable: true, fields: actionFields },
        i18n,
      ),
    );
    expect(html).toContain("Flow gives this a cost of 2 AP.");
    expect(unescape(elements(html, "ul").find((u) => u.attrs["role"] === "status")?.text ?? "")).toBe(
      i18n.localize("TEMPO.ItemSheet.CostDiffers"),
    );
  });
});

describe("styles/tempo.css", () => {
  // Comments and @import lines out: the imported files are other areas' own.
  const css = readFileSync(resolve(__dirname, "../../../styles/tempo.css"), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*@import[^;]*;/gm, "");

  it("scopes every rule under .tempo, so nothing reaches the rest of Foundry", () => {
    const selectors = [...css.matchAll(/([^{}]+)\{[^{}]*\}/g)]
      .map((m) => (m[1] ?? "").trim())
      .filter((s) => !s.startsWith("@"))
      .flatMap((s) => s.split(",").map((x) => x.trim()));
    expect(selectors.length).toBeGreaterThan(20);
    const unscoped = selectors.filter((s) => !/^(\.theme-(dark|light) )?\.tempo(\b|[.:\s])/.test(s));
    expect(unscoped).toEqual([]);
  });

  it("reads Foundry's theme variables with fallbacks, for light and dark themes", () => {
    expect(css).toMatch(/\.theme-dark \.tempo/);
    expect(css).toMatch(/\.theme-light \.tempo/);
    const uses = [...css.matchAll(/var\((--color-[\w-]+)(,?)/g)];
    expect(uses.length).toBeGreaterThan(5);
    expect(uses.filter((m) => m[2] !== ",").map((m) => m[1])).toEqual([]);
  });

  it("shows keyboard focus on every kind of control", () => {
    for (const control of ["button", "input", "select", "textarea"])
      expect(css).toContain(`.tempo ${control}:focus-visible`);
  });
});
