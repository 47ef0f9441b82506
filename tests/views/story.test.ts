import { describe, expect, it } from "vitest";

import { packChunk, archivedEntries } from "../../src/foundry/store/archive";
import { Session, parseSessionFile } from "../../src/playground/session";
import { logFile, setupOf } from "../../src/views/logfile";
import { Sight } from "../../src/views/sight";
import { fightStory, linesOfLog, storyCard } from "../../src/views/story";
import { TEMPLATE_PATHS } from "../../src/views/templates";
import { createEncounter, getRuleset } from "../../src/engine";
import { render } from "../foundry/sheets/handlebars";
import { i18n } from "../support/i18n";
import { play } from "./played";

/** flow: gob attacks ana, who dodges (1 RP), and gets her RP back at her own turn. */
const fight = play("flow/02-rp-regained-at-own-turn.yaml");
const lines = fight.steps.map((s) => ({ command: s.command, events: s.events }));
const entries = fight.steps.map((s) => ({ command: s.command, dice: s.dice }));

describe("fightStory: the fight summed up from the log", () => {
  it("counts rounds and turns, and for each combatant actions, reactions offered / taken / declined / timed out, points spent and regained", () => {
    const story = fightStory(fight.initial, lines);
    expect(story.rounds).toBe(2);
    expect(story.turns).toBe(
      fight.steps.flatMap((s) => s.events).filter((e) => e.type === "turnStarted").length,
    );
    const ana = story.combatants.find((c) => c.id === "ana");
    expect(ana).toMatchObject({ offered: 3, taken: 1, declined: 0, timedOut: 0 });
    expect(ana?.spent["rp"]).toBe(1);
    expect(ana?.regained["rp"]).toBe(1);
    const gob = story.combatants.find((c) => c.id === "gob");
    expect(gob?.actions).toBe(1);
    expect(story.combatants.map((c) => c.id)).toEqual(["ana", "orc", "gob"]);
  });

  it("a decline the countdown sent counts as timed out, one the reactor chose as declined", () => {
    const decline = { type: "react" as const, who: "ana", with: "decline", against: "gob" };
    const story = fightStory(fight.initial, [
      { command: decline, events: [] },
      { command: decline, events: [], timedOut: true },
      { command: decline, events: [], refused: true },
    ]);
    expect(story.combatants.find((c) => c.id === "ana")).toMatchObject({ declined: 1, timedOut: 1 });
  });

  it("reads a stored log (commands and their dice) the same as the events, an archived early part included", () => {
    const fromEvents = fightStory(fight.initial, lines);
    expect(fightStory(fight.initial, linesOfLog(fight.initial, entries))).toEqual(fromEvents);
    // Foundry's log keeps its early entries compressed outside the Combat (documents/archive.ts).
    const base = 3;
    const chunk = packChunk({
      from: 0,
      entries: entries.slice(0, base).map((e) => ({ command: e.command, dice: e.dice, userId: null })),
    });
    const early = archivedEntries({ name: "Fight", chunks: [chunk] }, base);
    if (!early) throw new Error("archive unreadable");
    const whole = [...early, ...entries.slice(base)];
    expect(fightStory(fight.initial, linesOfLog(fight.initial, whole))).toEqual(fromEvents);
  });

  it("the card: whispered to the GM with everyone, or public without the combatants still hidden", () => {
    const story = fightStory(fight.initial, lines);
    const gmCard = storyCard(story, "flow", new Sight({ isGM: true }, ["gob"]), true, i18n);
    expect(gmCard.rows.map((r) => r.id)).toEqual(["ana", "orc", "gob"]);
    expect(gmCard.whisperNote).toBe("Only the GM sees this summary.");
    const ana = gmCard.rows[0];
    expect(ana?.reactions).toBe("Reactions: 3 offered, 1 taken, 0 declined, 0 timed out");
    expect(ana?.points).toBe("Spent 1 RP, 1 FP; regained 5 AP, 1 RP, 1 FP");
    expect(ana?.points).toContain("regained");
    const publicCard = storyCard(story, "flow", new Sight({ isGM: false }, ["gob"]), false, i18n);
    expect(publicCard.rows.map((r) => r.id)).toEqual(["ana", "orc"]);
    const html = render(TEMPLATE_PATHS.storyCard, { tempo: publicCard });
    expect(html).toContain("The fight&#x27;s story");
    expect(html).not.toContain("gob");
    expect(storyCard(story, "phases", new Sight({ isGM: true }, []), true, i18n).length).toMatch(/Turns/);
  });
});

describe("logFile: the whole log as the file the playground's Load log opens", () => {
  it("replays in the playground to the very state the table reached, each command with its own dice", () => {
    const file = logFile("Goblin ambush!", fight.initial, entries);
    expect(file.encounter).toBe("table-goblin-ambush");
    const session = Session.fromFile(parseSessionFile(JSON.parse(JSON.stringify(file))));
    const last = fight.steps.at(-1)?.after;
    expect(JSON.stringify(session.state)).toBe(JSON.stringify(last));
    // Its setup makes the very initial state again.
    expect(createEncounter(setupOf(fight.initial), getRuleset("flow"))).toEqual(fight.initial);
    // Going on in the browser rolls from the seed, and saving keeps the table's dice.
    const again = Session.fromFile(parseSessionFile(JSON.parse(JSON.stringify(session.toFile()))));
    expect(JSON.stringify(again.state)).toBe(JSON.stringify(last));
  });

  it("a file whose dice are not whole numbers of a die is refused, naming the field", () => {
    const file = logFile("x", fight.initial, entries);
    expect(() => parseSessionFile({ ...file, dice: [["six"]] })).toThrow(/dice/);
    expect(() => parseSessionFile({ ...file, dice: "1,2" })).toThrow(/dice/);
  });
});
