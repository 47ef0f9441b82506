/**
 * TempoCombatant: joining, leaving and being defeated in a running combat are engine commands.
 * Foundry runs these callbacks on every client; only the writer (the active GM) sends them.
 */
import { isWriter, writeCommands } from "../commands";
import { actorData, cellOf, combatantData } from "./read";
import { combatantSetup } from "./setup";
import type { TempoCombat } from "./combat";

function asTempoCombat(combat: Combat.Implementation | null): TempoCombat | null {
  return combat && "encounter" in combat ? (combat as TempoCombat) : null;
}

export class TempoCombatant extends Combatant {
  /** The engine's view of this combatant in a running combat, if any. */
  get engineState() {
    const combat = asTempoCombat(this.parent);
    return combat?.encounter?.combatants[this.id ?? ""] ?? null;
  }

  protected override _onCreate(
    data: Combatant.CreateData,
    options: Combatant.Database.OnCreateOperation,
    userId: string,
  ): void {
    super._onCreate(data, options, userId);
    const combat = asTempoCombat(this.parent);
    if (!isWriter() || !combat?.encounter || !this.id) return;
    if (combat.encounter.combatants[this.id]) return;
    const setup = combatantSetup(combatantData(this), actorData(this.actor), cellOf(this));
    void writeCommands(combat, [{ type: "addCombatant", combatant: setup }], userId);
  }

  protected override _onDelete(options: Combatant.Database.OnDeleteOperation, userId: string): void {
    super._onDelete(options, userId);
    const combat = asTempoCombat(this.parent);
    if (!isWriter() || !combat?.encounter || !this.id) return;
    if (!combat.encounter.combatants[this.id]) return;
    void writeCommands(combat, [{ type: "removeCombatant", who: this.id }], userId);
  }

  protected override _onUpdate(
    changed: Combatant.UpdateData,
    options: Combatant.Database.OnUpdateOperation,
    userId: string,
  ): void {
    super._onUpdate(changed, options, userId);
    const combat = asTempoCombat(this.parent);
    if (!isWriter() || !combat?.encounter || !this.id || !("defeated" in changed)) return;
    const engine = combat.encounter.combatants[this.id];
    if (!engine || engine.defeated === this.defeated) return;
    // Foundry's "mark defeated" is the engine's setDefeated (offers from the defeated are withdrawn).
    void writeCommands(combat, [{ type: "setDefeated", who: this.id, defeated: this.defeated }], userId);
  }
}
