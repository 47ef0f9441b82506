export { TempoCombat } from "./combat";

export { TempoCombatant } from "./combatant";
