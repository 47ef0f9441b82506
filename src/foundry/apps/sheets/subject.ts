/**
 * An actor as the sheet's view model reads it, and the combat it is fighting in. Reading only:
 * the rules live in the engine and the view model (src/views/sheet.ts).
 */
import type { SheetEncounter, SheetSubject, SheetWeapon } from "../../../views/sheet";
import { CharacterModel, NpcModel, WeaponModel } from "../../data";
import { TempoCombat } from "../../documents/combat";
import { actorData } from "../../store/read";
import { combatantSetup, defaultSide } from "../../store/setup";

/** The actor's data as the sheet shows it, or null for actor types that are not Tempo's. */
export function sheetSubject(actor: Actor.Implementation): SheetSubject | null {
  const data = actorData(actor);
  if (!data) return null;
  const id = actor.id ?? "";
  const setup = combatantSetup(
    {
      id,
      name: data.name,
      hidden: false,
      system: { side: defaultSide(actor.type), marching: null, surprised: false, unseen: false },
    },
    data,
    null,
  );
  const weapons: SheetWeapon[] = [];
  for (const item of actor.items) {
    const system = item.system;
    if (!(system instanceof WeaponModel)) continue;
    weapons.push({
      id: item.id ?? "",
      name: item.name ?? "",
      img: item.img ?? "",
      kind: system.kind,
      reach: system.reach,
      range: system.range,
      damage: system.damage,
      equipped: system.equipped,
    });
  }
  const pools: Record<string, number> = {};
  const system = actor.system;
  if (system instanceof CharacterModel || system instanceof NpcModel) {
    for (const [pool, value] of Object.entries(system.pools)) pools[pool] = value.value;
  }
  return {
    id,
    name: data.name,
    img: actor.img ?? "",
    type: actor.type,
    setup,
    stats: { ...data.system.stats },
    skills: { ...data.system.skills },
    pools,
    weapons,
  };
}

/** The running Tempo combat this actor fights in, the viewed combat first. */
export function combatOf(
  actor: Actor.Implementation,
): { combat: TempoCombat; encounter: SheetEncounter } | null {
  const seen = new Set<string>();
  const candidates = [game.combat, ...(game.combats?.contents ?? [])];
  for (const combat of candidates) {
    if (!(combat instanceof TempoCombat) || seen.has(combat.id ?? "")) continue;
    seen.add(combat.id ?? "");
    const state = combat.encounter;
    if (!state) continue;
    const combatant = combat.combatants.find((c) => c.actor?.uuid === actor.uuid);
    if (combatant?.id) return { combat, encounter: { state, combatantId: combatant.id } };
  }
  return null;
}

/** The combatant (in this combat) of the first token the user targets, if any. */
export function targetIn(combat: TempoCombat): string | null {
  for (const token of game.user?.targets ?? []) {
    const found = combat.combatants.find((c) => c.tokenId === token.id);
    if (found?.id) return found.id;
  }
  return null;
}
