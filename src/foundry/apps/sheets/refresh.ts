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

/**
 * The actions a sheet offers are checked against the user's target (an attack needs an enemy):
 * when this user targets or untargets a token, its open sheets in the viewed combat are drawn again.
 */
export function refreshOnTarget(user: User.Implementation): void {
  if (!user.isSelf) return;
  for (const combatant of game.combat?.combatants ?? []) {
    const sheet = combatant.actor?.sheet;
    if (sheet?.rendered) void sheet.render();
  }
}
