/**
 * Open sheets of the actors fighting in a combat show its state (pools, whose turn, open
 * reactions): when the combat changes, they are drawn again.
 */
export function refreshCombatSheets(combat: Combat.Implementation): void {
  for (const combatant of combat.combatants) {
    const sheet = combatant.actor?.sheet;
    if (sheet?.rendered) void sheet.render();
  }
}
