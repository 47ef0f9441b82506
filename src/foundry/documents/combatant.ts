/**
 * TempoCombatant: joining, leaving and being defeated in a running combat are engine commands.
 * Foundry runs the _on* callbacks on every client; only the writer (the active GM) sends them,
 * and tells the GM when the encounter could not follow a change made in Foundry.
 */
import { notifyNotApplied } from "../channel/notices";
import { isWriter, writeCommands } from "../channel/writer";
import { submit } from "../channel/commands";
import { actorData, cellOf, combatantData, identityOf, levelOf } from "../store/read";
import { combatantSetup, sameCharacter } from "../store/setup";
import { combatantPutBack, vouchSight } from "../rules/mirror";
import { gmSightOf } from "./sight";
import type { TempoCombat } from "./combat";
import { combatantIn } from "../../engine/record";

function asTempoCombat(combat: Combat.Implementation | null): TempoCombat | null {
  return combat && "encounter" in combat ? (combat as TempoCombat) : null;
}

export class TempoCombatant extends Combatant {
  /** The engine's view of this combatant in a running combat, if any. */
  get engineState() {
    const combat = asTempoCombat(this.parent);
    return combatantIn(combat?.encounter, this.id ?? "") ?? null;
  }

  protected override _onCreate(
    data: Combatant.CreateData,
    options: Combatant.Database.OnCreateOperation,
    userId: string,
  ): void {
    super._onCreate(data, options, userId);
    const combat = asTempoCombat(this.parent);
    if (!isWriter() || !combat || !this.id) return;
    const creator = game.users?.get(userId);
    if (!creator?.isGM && !combat.encounter && this.duplicates(combat)) {
      // A second combatant for a character already in the combat, from a client that skipped
      // _preCreate (the server does not look for duplicates): taken out again, and the GM told.
      ui.notifications?.warn(
        game.i18n?.format("TEMPO.Notify.DuplicateRemoved", {
          user: creator?.name ?? userId,
          name: this.name ?? this.id,
        }) ?? "",
      );
      void this.delete().catch((error: unknown) =>
        console.error("Tempo: removing a duplicate combatant", error),
      );
      return;
    }
    if (!combat.encounter) return;
    if (combatantIn(combat.encounter, this.id)) return;
    if (!creator?.isGM) {
      // Only the GM adds combatants to a running fight: a player's (from a client that skipped
      // _preCreate) is taken out again, never with its setup, never a second Ana.
      ui.notifications?.warn(
        game.i18n?.format("TEMPO.Notify.PlayerCombatantRemoved", {
          user: creator?.name ?? userId,
          name: this.name ?? this.id,
        }) ?? "",
      );
      void this.delete().catch((error: unknown) =>
        console.error("Tempo: removing a player's combatant", error),
      );
      return;
    }
    const setup = combatantSetup(
      combatantData(this),
      actorData(this.actor),
      cellOf(this),
      levelOf(this.token),
    );
    const command = { type: "addCombatant", combatant: setup } as const;
    const id = this.id;
    void writeCommands(combat, [command], userId).then(async (answer) => {
      notifyNotApplied(combat, command, answer);
      // Added by the GM: the sight statuses it shows now are the GM's (table/scene.ts trustedSightOf).
      if (answer.ok) await vouchSight(combat, { [id]: gmSightOf(this.actor, this.token) });
    });
  }

  /** Does another combatant of the combat stand for the character this one does? */
  duplicates(combat: TempoCombat): boolean {
    const mine = identityOf(this);
    return combat.combatants.some((c) => c.id !== this.id && sameCharacter(identityOf(c), mine));
  }

  /**
   * A player's client does not add a combatant to a running fight: core lets an actor's owner
   * create one, but joining the fight is the GM's decision (the GM adds the combatant, with the
   * GM's setup). Refused here with a notice; a client that skips this is undone by the writer.
   */
  protected override async _preCreate(
    data: Combatant.CreateData,
    options: Combatant.Database.PreCreateOptions,
    user: User.Implementation,
  ): Promise<boolean | void> {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    const combat = asTempoCombat(this.parent);
    if (combat && (user.isGM || !combat.encounter) && this.duplicates(combat)) {
      // One combatant per token or character: a second one would act twice a round.
      ui.notifications?.warn(
        game.i18n?.format("TEMPO.Notify.DuplicateCombatant", { name: this.name ?? this.actor?.name ?? "" }) ??
          "",
      );
      return false;
    }
    if (user.isGM || !combat?.encounter) return;
    ui.notifications?.warn(game.i18n?.localize("TEMPO.Notify.PlayerCombatant") ?? "");
    return false;
  }

  /**
   * Deleting the combatant whose turn it is ends that turn first (the engine refuses to remove
   * the current combatant: its turn would be left open). Runs on the client that deletes; if the
   * turn cannot end (reactions still open, say), the deletion is refused with the reason.
   */
  protected override async _preDelete(
    options: Combatant.Database.PreDeleteOptions,
    user: User.Implementation,
  ): Promise<boolean | void> {
    const allowed = await super._preDelete(options, user);
    if (allowed === false) return false;
    const combat = asTempoCombat(this.parent);
    const state = combat?.encounter;
    if (!combat || !state || !this.id || state.status !== "active") return;
    // Leaving a running fight is the GM's call, as joining is (core lets an owner delete its own
    // combatant, as the token HUD's combat toggle does): refused here with the reason.
    if (!user.isGM) {
      ui.notifications?.warn(game.i18n?.localize("TEMPO.Notify.PlayerLeave") ?? "");
      return false;
    }
    if (state.current !== this.id) return;
    const answer = await submit(combat, { type: "endTurn", who: this.id });
    if (!answer.ok) return false;
  }

  /**
   * The combatant is gone from Foundry: the writer removes it from the encounter, ending its turn
   * first if it still has it (a deletion that did not pass _preDelete); the GM is told if the
   * encounter refuses (see TempoCombat#removeDeleted).
   */
  protected override _onDelete(options: Combatant.Database.OnDeleteOperation, userId: string): void {
    super._onDelete(options, userId);
    const combat = asTempoCombat(this.parent);
    const state = combat?.encounter;
    if (!isWriter() || !combat || !state) return;
    const deleter = game.users?.get(userId);
    if (!deleter?.isGM && this.id && state.status === "active" && combatantIn(state, this.id)) {
      // A player's deletion that skipped _preDelete: put back, with the same id, and the GM told.
      // Nothing reaches the engine, and nothing is logged under the player's id.
      void combat.putBackCombatant(this.toObject(), deleter?.name ?? userId);
      return;
    }
    void combat.removeDeleted(userId, true);
  }

  protected override _onUpdate(
    changed: Combatant.UpdateData,
    options: Combatant.Database.OnUpdateOperation,
    userId: string,
  ): void {
    super._onUpdate(changed, options, userId);
    const combat = asTempoCombat(this.parent);
    const state = combat?.encounter;
    if (!isWriter() || !combat || !state || !this.id) return;
    const engine = combatantIn(state, this.id);
    if (!engine) return;
    // The user id is the server's stamp of who made the change (hookEvents.updateDocument).
    const fromGM = game.users?.get(userId)?.isGM ?? false;
    if (fromGM && "defeated" in changed && engine.defeated !== this.defeated) {
      // A GM's "mark defeated" is the engine's setDefeated (offers from the defeated are withdrawn).
      const command = { type: "setDefeated", who: this.id, defeated: this.defeated } as const;
      void writeCommands(combat, [command], userId).then((answer) =>
        notifyNotApplied(combat, command, answer),
      );
    }
    // What a player wrote (and any initiative) goes back to the engine's value at once.
    const back = combatantPutBack(
      engine,
      { initiative: this.initiative, defeated: this.defeated, system: combatantData(this).system },
      Object.keys(changed),
      fromGM,
    );
    if (back)
      void this.update(back).catch((error: unknown) =>
        console.error("Tempo: putting a combatant back", error),
      );
  }
}
