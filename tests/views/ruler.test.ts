/**
 * segments: "movement is otherwise normally a major action" (issue 30): the ruler says so before
 * the drop, and names the declared action the move gives up; positioning after the major action,
 * and the other rulesets' moves, add nothing.
 */
import { describe, expect, it } from "vitest";

import {
  apply,
  createEncounter,
  getRuleset,
  ScriptedDice,
  type Command,
  type EncounterState,
} from "../../src/engine";
import { ENCOUNTERS } from "../../src/playground/encounters";
import { rulerNotes } from "../../src/views/ruler";
import { i18n } from "../support/i18n";

const segments = getRuleset("segments");

function run(state: EncounterState, command: Command, dice: number[] = []): EncounterState {
  const result = apply(state, command, new ScriptedDice(dice), segments);
  if (!result.ok) throw new Error(`${command.type}: ${result.refusal.key}`);
  return result.state;
}

/** The crypt with Sir Roderic acting in HIGH, having declared `declared`. */
function fighterActing(declared: string): EncounterState {
  const sample = ENCOUNTERS.segments[0];
  if (!sample) throw new Error("no segments sample");
  let state = run(createEncounter(sample.setup, segments), { type: "start" });
  state = run(state, { type: "declare", who: "fighter", action: declared });
  state = run(state, { type: "next" }, [6, 2]);
  while (state.current !== "fighter") state = run(state, { type: "next" });
  return state;
}

function notes(state: EncounterState, path: [number, number][]): string[] {
  const preview = segments.previewMove?.(state, "fighter", path, "normal");
  if (!preview) throw new Error("segments has no ruler preview");
  return rulerNotes(preview, i18n);
}

describe("segments: the ruler says a move is the major action", () => {
  it("a fighter who declared an Attack reads that the move gives it up", () => {
    const state = fighterActing("attack");
    expect(notes(state, [[3, 2]])).toEqual(["major action: gives up the declared Attack"]);
  });

  it("after the move the Attack is indeed no longer available, as the ruler said", () => {
    const state = run(fighterActing("attack"), { type: "move", who: "fighter", path: [[3, 2]] });
    const result = apply(
      state,
      { type: "act", who: "fighter", action: "attack", target: "ogre" },
      new ScriptedDice([10]),
      segments,
    );
    expect(result.ok).toBe(false);
  });

  it("a declared fast action other than a move (Parley) is given up too", () => {
    expect(notes(fighterActing("parley"), [[3, 2]])).toEqual(["major action: gives up the declared Parley"]);
  });

  it("a declared Flee is carried out by the move: the ruler says only that it is the major action", () => {
    expect(notes(fighterActing("flee"), [[2, 3]])).toEqual(["major action"]);
  });

  it("a refused move says nothing of the major action (the refusal speaks)", () => {
    const state = fighterActing("attack");
    const preview = segments.previewMove?.(state, "fighter", [[4, 2]], "normal");
    expect(preview?.refusal).not.toBeNull();
    expect(rulerNotes(preview as NonNullable<typeof preview>, i18n)).toEqual([]);
  });

  it("other rulesets' previews add nothing", () => {
    const flow = getRuleset("flow");
    const sample = ENCOUNTERS.flow[0];
    if (!sample) throw new Error("no flow sample");
    const started = apply(
      createEncounter(sample.setup, flow),
      { type: "start" },
      new ScriptedDice([10, 2, 6, 3, 8, 5]),
      flow,
    );
    if (!started.ok) throw new Error(started.refusal.key);
    const who = started.state.current ?? "";
    const preview = flow.previewMove?.(started.state, who, [[0, 0]], "normal");
    expect(preview && rulerNotes(preview, i18n)).toEqual([]);
  });
});
