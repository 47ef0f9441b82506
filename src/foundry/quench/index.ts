/**
 * In-world checks for Quench, the ecosystem's in-Foundry test runner (a module that runs Mocha
 * batches with Chai inside a live world: https://github.com/Ethaks/FVTT-Quench). A GM with Quench
 * active opens its window and runs Tempo's batches against the real world; without Quench the
 * `quenchReady` hook never fires and nothing here runs. Tempo imports nothing of Quench, Mocha or
 * Chai: the batch functions receive Quench's own `describe`, `it` and `assert` (its public
 * registerBatch API), so the bundle carries no test library.
 *
 * What only a real world shows, one batch each (batches.ts): the data models Foundry builds from
 * Tempo's, the sheets rendering, the settings registered, the compendium packs opening, and a
 * scripted fight on a scene.
 *
 * quench/ may import src/engine, data/ and settings.ts; only src/tempo.ts imports it.
 */
import { BATCHES, type QuenchLike } from "./batches";
export type { QuenchAssert, QuenchContext, QuenchLike, TempoBatch } from "./batches";

/** Register every Tempo batch with Quench (called by the quenchReady hook). */
export function registerBatches(quench: QuenchLike): void {
  for (const batch of BATCHES)
    quench.registerBatch(batch.key, batch.body, {
      displayName: game.i18n?.localize(batch.label) ?? batch.label,
    });
}

/** Called from src/tempo.ts's init: the batches reach Quench only if Quench is active and says it is ready. */
export function registerQuench(): void {
  Hooks.once("quenchReady", registerBatches);
}

// Quench's hook, declared beside its one use (Quench's README: "quenchReady" is called with the
// Quench instance once it is ready for batches to be registered).
declare module "fvtt-types/configuration" {
  // The types package declares its hook map inside this namespace; an augmentation must reopen it.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Hooks {
    interface HookConfig {
      quenchReady: (quench: QuenchLike) => void;
    }
  }
}
