import { describe, expect, it } from "vitest";

import { getRuleset, type EngineEvent } from "../../src/engine";
import { revealedBy, Sight, whisperedRolls } from "../../src/views/sight";
import { heldViews, waitingView } from "../../src/views/waiting";
import { i18n } from "../support/i18n";
import { play, stepWhere } from "./played";

/** phases: ana leaves hexes thug and vet threaten; both are offered an attack of opportunity. */
const fight = play("phases/10-one-attack-of-opportunity-per-phase.yaml");
const [held] = stepWhere(fight, (s) => s.command.type === "move" && s.after.offers.length === 2);
const gm = new Sight({ isGM: true }, ["vet"]);
const ana = new Sight({ isGM: false, owned: ["ana"] }, ["vet"]);

describe("Sight: a combatant the GM keeps hidden is masked for players, never for the GM", () => {
  it("a player does not see a hidden foe, its owner and the GM do", () => {
    expect(ana.sees("vet")).toBe(false);
    expect(ana.sees("thug")).toBe(true);
    expect(gm.sees("vet")).toBe(true);
    expect(new Sight({ isGM: false, owned: ["vet"] }, ["vet"]).sees("vet")).toBe(true);
    expect(ana.name("vet", "Veteran", i18n)).toBe("someone");
    expect(ana.visible(["ana", "thug", "vet"])).toEqual(["ana", "thug"]);
  });

  it("the ruler's provoking cells: a cell only a hidden foe threatens is not drawn for the player", () => {
    const ruleset = getRuleset("phases");
    const start = fight.steps[0]?.after;
    if (!start || !ruleset.previewMove) throw new Error("no preview");
    const preview = ruleset.previewMove(start, "ana", [[-1, 0]], "normal");
    expect(preview.provocations.flatMap((p) => p.by).sort()).toEqual(["thug", "vet"]);
    const shown = ana.preview(preview);
    expect(shown.provocations.flatMap((p) => p.by)).toEqual(["thug"]);
    expect(JSON.stringify(shown)).not.toContain("vet");
    const onlyVet = new Sight({ isGM: false, owned: ["ana"] }, ["vet", "thug"]).preview(preview);
    expect(onlyVet.provocations).toEqual([]);
    expect(gm.preview(preview)).toBe(preview);
  });

  it("chat: the lines about a hidden foe are left out of a player's card; a hidden foe's own command has no card for the player", () => {
    const entry = { command: held.command, events: held.events };
    const shown = ana.entry(entry);
    expect(shown).not.toBeNull();
    expect(JSON.stringify(shown)).not.toContain("vet");
    expect(shown?.events.some((e) => e.type === "reactionOffered" && e["who"] === "thug")).toBe(true);
    expect(gm.entry(entry)).toBe(entry);
    const [vetReacts] = stepWhere(fight, (s) => s.command.type === "react" && s.command.who === "vet");
    expect(ana.entry({ command: vetReacts.command, events: vetReacts.events })).toBeNull();
  });

  it("a hidden combatant's initiative, tie-break and surprise rolls are whispered to the GM alone", () => {
    const rolls: EngineEvent[] = [
      { type: "initiativeRolled", who: "vet", initiative: 12 },
      { type: "initiativeRolled", who: "ana", initiative: 9 },
      { type: "initiativeTieRolled", who: "vet", against: "ana", roll: 4 },
      { type: "diceRolled", faces: 6, result: 3, purpose: "surprise", who: "vet" },
    ];
    const whispered = whisperedRolls(rolls, ["vet"]);
    expect(whispered.map((e) => e.type)).toEqual(["initiativeRolled", "initiativeTieRolled", "diceRolled"]);
    const playerCard = ana.entry({ command: { type: "start" }, events: rolls });
    expect(JSON.stringify(playerCard)).not.toContain("vet");
    expect(whisperedRolls(rolls, [])).toEqual([]);
  });

  it("reveal: by the GM's toggle only, or at its first action as the world setting says", () => {
    const [vetReacts] = stepWhere(fight, (s) => s.command.type === "react" && s.command.who === "vet");
    expect(revealedBy(vetReacts.events, ["vet"], "gm")).toEqual([]);
    expect(revealedBy(vetReacts.events, ["vet"], "firstAction")).toEqual(["vet"]);
    expect(revealedBy(held.events, ["vet"], "firstAction")).toEqual([]);
  });
});

describe("waitingView and heldViews: who the table waits for, and why the mover stopped", () => {
  it('every client sees "Waiting for ..., 12 s"; a hidden reactor is "someone" for a player', () => {
    const one = { ...held.after, offers: held.after.offers.filter((o) => o.who === "thug") };
    expect(waitingView(one, 12, gm, i18n).text).toBe("Waiting for thug's reaction, 12 s");
    expect(waitingView(one, null, gm, i18n).text).toBe("Waiting for thug's reaction");
    expect(waitingView(held.after, 11.2, gm, i18n).text).toBe(
      "Waiting for reactions from thug and vet, 12 s",
    );
    expect(waitingView(held.after, 12, ana, i18n).text).toBe(
      "Waiting for reactions from thug and someone, 12 s",
    );
    expect(waitingView(held.before, 12, gm, i18n)).toMatchObject({ text: "", reactors: [] });
  });

  it("the mover sees where and why its token stopped", () => {
    const lines = heldViews(held.after, ana, i18n);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.who).toBe("ana");
    expect(lines[0]?.text).toBe("ana's move stopped at 0, 0: thug and someone may react.");
    expect(heldViews(held.after, gm, i18n)[0]?.text).toBe(
      "ana's move stopped at 0, 0: thug and vet may react.",
    );
    expect(heldViews(held.before, gm, i18n)).toEqual([]);
  });
});
