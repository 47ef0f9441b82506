import type { Json } from "./json";

/** Why a command was refused: a localisation key (TEMPO.Refusal.*) and the data its text needs. */
export interface Refusal {
  key: string;
  data: Record<string, Json>;
}

/** Thrown inside a command handler to refuse; `apply` catches it and returns the old state. */
export class RefusalError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.key);
    this.name = "RefusalError";
  }
}

export function refuse(key: string, data: Record<string, Json> = {}): never {
  throw new RefusalError({ key: `TEMPO.Refusal.${key}`, data });
}
