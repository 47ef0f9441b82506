/**
 * A world from a newer Tempo than the installed one is not read: its stored fights may be in a
 * layout this version does not know, and writing them would lose what it does not understand.
 * world.ts closes the gate at `setup` on every client; the command channel and the combat
 * documents read it (store/stored.ts `combatSystem`, `isWriter`, `askGM`).
 *
 * While the active GM's client migrates the world, it applies no command (channel/requests.ts `askGM`,
 * `answerRequest`): a command written between two of the migration's writes could be decided from
 * a combat the migration is about to rewrite.
 */
export interface WorldRefusal {
  /** The Tempo version the world was last migrated to. */
  world: string;
  /** The installed Tempo's version. */
  installed: string;
}

let refusal: WorldRefusal | null = null;

/** Why this world is not read, or null when it is. */
export function worldRefusal(): WorldRefusal | null {
  return refusal;
}

/** Close (or, with null, open) the gate. */
export function setWorldRefusal(value: WorldRefusal | null): void {
  refusal = value;
}

let migrating = false;

/** Is this client migrating the world right now? */
export function worldMigrating(): boolean {
  return migrating;
}

export function setWorldMigrating(value: boolean): void {
  migrating = value;
}
