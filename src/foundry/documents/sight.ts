/**
 * What the GM stands behind for sight (issue 42's rule: docs/foundry-internals.md, "The rule").
 * Core lets an owner write its token's `hidden` and `detectionModes` (core gates the token's
 * config sheet, not the write) and create or delete its actor's effects at any time, before a
 * fight as much as during it. The writer (the active GM's client) notes each such write of a
 * player's, by the user id the server stamps on it
 * (https://foundryvtt.com/api/v13/functions/hookEvents.updateDocument.html), until a GM writes the
 * same thing again; when a fight begins (or the GM adds a combatant) the sight vouched for it
 * leaves out what a player set and keeps what a player took away. The notes live on the writer's
 * client: a write a player made while no GM's client watched is taken as the GM's when the fight
 * begins.
 */
import { detectionModesOf } from "../rules/sight";
import { SIGHT_STATUSES, type VouchedSight } from "../rules/vouched";

/** The token's sight fields a player wrote (and no GM since), by token (scene id and token id). */
const playerTokenFields = new Map<string, Set<string>>();
/** Effects carrying a sight status that a player created (and no GM deleted), by actor and effect id. */
const playerEffects = new Set<string>();
/** Sight statuses whose effect a player deleted (and no GM set or removed since), by actor. */
const deletedByPlayers = new Map<string, Set<string>>();

/** The token fields sight reads. */
export const TOKEN_SIGHT_FIELDS: readonly string[] = ["hidden", "detectionModes"];

/** A token as the notes key it. */
interface SightToken {
  id: string | null;
  parent?: { id: string | null } | null;
  hidden: boolean;
  detectionModes: unknown;
}

function tokenKey(token: { id: string | null; parent?: { id: string | null } | null }): string {
  return `${token.parent?.id ?? ""}.${token.id ?? ""}`;
}

function actorKey(actor: { uuid?: string; id: string | null }): string {
  return actor.uuid ?? actor.id ?? "";
}

/** A write of a token's sight fields: a player's is noted, a GM's clears the note. */
export function noteTokenSight(token: SightToken, fields: readonly string[], fromGM: boolean): void {
  const key = tokenKey(token);
  const noted = playerTokenFields.get(key) ?? new Set<string>();
  for (const f of fields) {
    if (fromGM) noted.delete(f);
    else noted.add(f);
  }
  playerTokenFields.set(key, noted);
}

/** An effect carrying a sight status was created or deleted on an actor: note a player's, clear on a GM's. */
export function noteSightEffect(
  actor: { uuid?: string; id: string | null },
  effect: { id: string | null },
  status: string,
  active: boolean,
  fromGM: boolean,
): void {
  const key = actorKey(actor);
  const effectKey = `${key}.${effect.id ?? ""}`;
  const deleted = deletedByPlayers.get(key) ?? new Set<string>();
  deletedByPlayers.set(key, deleted);
  if (fromGM) {
    playerEffects.delete(effectKey);
    deleted.delete(status);
    return;
  }
  if (active) playerEffects.add(effectKey);
  else if (!playerEffects.delete(effectKey)) deleted.add(status);
}

/** A token's own `hidden` and detection modes. */
export function tokenSightOf(token: SightToken): Pick<VouchedSight, "hidden" | "detectionModes"> {
  return { hidden: token.hidden, detectionModes: detectionModesOf(token.detectionModes) };
}

/** An actor as read here: its effects, each with its id and statuses. */
interface SightActor {
  uuid?: string;
  id: string | null;
  effects: Iterable<{ id: string | null; statuses: ReadonlySet<string> }>;
}

/**
 * What the GM stands behind for a combatant as a fight begins or it joins: the sight statuses of
 * its actor's effects but those a player made, with those whose effect a player deleted; its
 * token's `hidden` and detection modes unless a player wrote them last (then none: not hidden, no
 * mode, so a player's write never hides it or sharpens its sight).
 */
export function gmSightOf(actor: SightActor | null, token: SightToken | null): VouchedSight {
  const statuses = new Set<string>();
  if (actor) {
    const key = actorKey(actor);
    for (const effect of actor.effects)
      for (const s of effect.statuses)
        if (SIGHT_STATUSES.includes(s) && !playerEffects.has(`${key}.${effect.id ?? ""}`)) statuses.add(s);
    for (const s of deletedByPlayers.get(key) ?? []) statuses.add(s);
  }
  if (!token) return { statuses: [...statuses], hidden: null, detectionModes: null };
  const noted = playerTokenFields.get(tokenKey(token));
  const own = tokenSightOf(token);
  return {
    statuses: [...statuses],
    hidden: noted?.has("hidden") ? false : own.hidden,
    detectionModes: noted?.has("detectionModes") ? [] : own.detectionModes,
  };
}
