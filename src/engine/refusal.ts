import type { Json } from "./json";

/** Why a command was refused: a localisation key (TEMPO.Refusal.*) and the data its text needs. */
export interface Refusal {
  key: string;
  data: Record<string, Json>;
}

/**
 * Thrown inside a command handler to refuse; `apply` catches it and returns the old state.
 *
 * It is not an `Error`: an `Error` records the stack when it is made, and a refusal is an answer,
 * not a fault. The sheet asks the engine about every action on every change (queries.ts
 * `availableActions`, a dry run each), and recording a stack for each refused one was a third of
 * the sheet's cost (issue 31). It still names itself and its key, as an error would.
 */
export class RefusalError {
  readonly name = "RefusalError";
  constructor(readonly refusal: Refusal) {}
  get message(): string {
    return this.refusal.key;
  }
  toString(): string {
    return `${this.name}: ${this.message}`;
  }
}

export function refuse(key: string, data: Record<string, Json> = {}): never {
  throw new RefusalError({ key: `TEMPO.Refusal.${key}`, data });
}
