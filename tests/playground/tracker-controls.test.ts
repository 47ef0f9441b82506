/**
 * The playground's own tracker controls (issue 31): only what the ruleset has is asked about.
 * Take and cede initiative exist only in marching's choose stage, for the lead (marching: "the
 * lead person ... chooses either to take initiative or cede initiative"); flow has none.
 */
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { boundedSetup } from "../../src/playground/bounds";
import { ENCOUNTERS } from "../../src/playground/encounters";
import { Localization, type LangTree } from "../../src/playground/i18n";
import { trackerControls } from "../../src/playground/panels/tracker-controls";
import { Session } from "../../src/playground/session";

const loc = new Localization(JSON.parse(readFileSync("lang/en.json", "utf8")) as LangTree);

function started(ruleset: "flow" | "marching"): Session {
  const sample = ENCOUNTERS[ruleset][0];
  if (!sample) throw new Error(`no ${ruleset} sample`);
  const session = new Session(sample.id, boundedSetup(sample.setup, sample.map), 5);
  expect(session.dispatch({ type: "start" }).ok).toBe(true);
  return session;
}

describe("the playground's tracker controls", () => {
  it("offers Start before the fight and no turn controls", () => {
    const sample = ENCOUNTERS.flow[0];
    if (!sample) throw new Error("no flow sample");
    const session = new Session(sample.id, boundedSetup(sample.setup, sample.map), 5);
    expect(trackerControls(session.state, loc).map((c) => c.id)).toEqual(["start"]);
  });

  it("asks nobody about take or cede in flow", () => {
    const ids = trackerControls(started("flow").state, loc).map((c) => c.id);
    expect(ids.some((id) => id.startsWith("choose-"))).toBe(false);
    expect(ids).toContain("next");
    expect(ids).toContain("end");
  });

  it("offers take and cede to marching's lead alone while the lead chooses, and the engine takes them", () => {
    const session = started("marching");
    expect(session.state.stage).toBe("choose");
    const lead = session.state.ext["lead"];
    expect(typeof lead).toBe("string");
    const choose = trackerControls(session.state, loc).filter((c) => c.id.startsWith("choose-"));
    expect(choose.map((c) => c.id)).toEqual([`choose-take-${String(lead)}`, `choose-cede-${String(lead)}`]);
    expect(choose.every((c) => c.enabled)).toBe(true);
    const take = choose[0];
    if (!take) throw new Error("no take control");
    expect(session.dispatch(take.command).ok).toBe(true);
    expect(trackerControls(session.state, loc).some((c) => c.id.startsWith("choose-"))).toBe(false);
  });
});
