/**
 * updateToken for sight (issue 42): a token's `hidden` and detection modes count only as the GM
 * set them. On the writer's client a player's write is noted (documents/sight.ts) and decides
 * nothing; a GM's clears the note and counts at once in the running fight the token's combatant
 * is in (its `flags.tempo.sight`).
 */
import { isWriter } from "../channel/writer";
import { TOKEN_SIGHT_FIELDS, noteTokenSight, tokenSightOf } from "../documents/sight";
import { vouchSight } from "../rules/mirror";
import { fightingIn } from "./scene";

export function onTokenSight(
  token: TokenDocument.Implementation,
  changed: Record<string, unknown>,
  _options: unknown,
  userId: string,
): void {
  if (!isWriter()) return;
  const fields = TOKEN_SIGHT_FIELDS.filter((f) => f in changed);
  if (fields.length === 0) return;
  const fromGM = game.users?.get(userId)?.isGM ?? false;
  noteTokenSight(token, fields, fromGM);
  if (!fromGM) return;
  const found = fightingIn(token);
  if (found?.combatant.id)
    void vouchSight(found.combat, { [found.combatant.id]: tokenSightOf(token) }).catch((error: unknown) =>
      console.error("Tempo: recording the GM's sight", error),
    );
}
