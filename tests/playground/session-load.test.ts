/**
 * Loading a session file (issue 45): a file that is not a Tempo log gets a sentence a GM
 * understands, whatever is wrong with it; nothing the parser says reaches the page.
 */
import { describe, expect, it } from "vitest";

import { ENCOUNTERS } from "../../src/playground/encounters";
import { Session, SessionFileError, loadFailure, readSessionText } from "../../src/playground/session";

const flow = ENCOUNTERS.flow[0]!;

function failureOf(text: string) {
  try {
    const file = readSessionText(text);
    Session.fromFile(file);
  } catch (error) {
    return loadFailure(error);
  }
  return null;
}

describe("loading a session file", () => {
  it("names text that is not JSON as not a Tempo log, not with the parser's SyntaxError", () => {
    expect(failureOf('{"format": "tempo-playground-session", "commands": [')).toEqual({
      key: "TEMPO.Playground.Toast.NotJson",
      data: {},
    });
    expect(failureOf("")).toEqual({ key: "TEMPO.Playground.Toast.NotJson", data: {} });
  });

  it("names JSON that is another program's file as not a Tempo log", () => {
    expect(failureOf('{"hello": 1}')?.key).toBe("TEMPO.Playground.Toast.NotSessionFile");
    expect(failureOf("[1, 2]")?.key).toBe("TEMPO.Playground.Toast.NotSessionFile");
  });

  it("names a log whose commands are not a list of commands", () => {
    const file = new Session(flow.id, flow.setup, 5).toFile();
    expect(failureOf(JSON.stringify({ ...file, commands: "start" }))?.key).toBe(
      "TEMPO.Playground.Toast.BadCommands",
    );
    expect(failureOf(JSON.stringify(file))).toBeNull();
  });

  it("names one bad field by its place, and an unknown ruleset as such", () => {
    const file = new Session(flow.id, flow.setup, 5).toFile();
    expect(failureOf(JSON.stringify({ ...file, seed: 2.5 }))).toEqual({
      key: "TEMPO.Playground.Toast.BadSessionField",
      data: { field: "seed" },
    });
    expect(failureOf(JSON.stringify({ ...file, ruleset: "chess" }))?.key).toBe(
      "TEMPO.Playground.Toast.UnknownRuleset",
    );
    expect(loadFailure(new SessionFileError("json")).key).toBe("TEMPO.Playground.Toast.NotJson");
  });
});
