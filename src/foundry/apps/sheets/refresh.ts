/**
 * Open sheets of the actors fighting in a combat show its state (pools, whose turn, open
 * reactions). When the combat changes, only the sheets the change can reach are looked at (by
 * change: src/views/changes.ts tells which combatants a write changed, docs/foundry-internals.md
 * "Rendering by change"); such a sheet is drawn again only if what it shows changed (its view
 * model differs from the one on screen), and never while its user is typing: a sheet with a
 * focused field or a field whose text differs from what was drawn waits until the user leaves the
 * field (focusout), then draws what is current.
 */
import type { EncounterState } from "../../../engine";
import { stateChanges } from "../../../views/changes";

/** A field of a sheet as the DOM gives it: its value now and the value it was drawn with. */
interface FieldLike {
  value?: string;
  defaultValue?: string;
  checked?: boolean;
  defaultChecked?: boolean;
}

/** The part of a sheet's element this module reads. */
export interface SheetElementLike {
  ownerDocument?: { activeElement: unknown } | null;
  contains(node: never): boolean;
  querySelectorAll(selector: string): Iterable<unknown>;
  addEventListener?(type: string, listener: () => void, options?: { once?: boolean }): void;
}

/** A sheet that can say what it would show now and what it shows. */
export interface RefreshableSheet {
  rendered: boolean;
  element: SheetElementLike | null | undefined;
  /** The view model it would draw now, and the one it drew last (JSON-comparable). */
  viewNow(): unknown;
  viewShown(): unknown;
  /**
   * The other combatants its last render read (the targets its actions were checked against, the
   * attackers its open reactions answer): a change to one of them can change what it shows.
   */
  shownCombatants?(): Iterable<string>;
  render(): unknown;
}

function isRefreshable(sheet: unknown): sheet is RefreshableSheet {
  const s = sheet as Partial<RefreshableSheet> | null;
  return typeof s?.viewNow === "function" && typeof s.viewShown === "function";
}

/** Is the user in the middle of an edit: a field of the sheet focused, or holding text not yet saved? */
export function holdsUserInput(element: SheetElementLike): boolean {
  const active = element.ownerDocument?.activeElement ?? null;
  if (active && element.contains(active as never)) {
    const tag = String((active as { tagName?: unknown }).tagName ?? "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") return true;
  }
  for (const node of element.querySelectorAll("input, textarea")) {
    const field = node as FieldLike;
    if (typeof field.defaultValue === "string" && field.value !== field.defaultValue) return true;
    if (typeof field.defaultChecked === "boolean" && field.checked !== field.defaultChecked) return true;
  }
  return false;
}

/** Sheets waiting for their user to leave a field before they are drawn again. */
const waiting = new WeakSet<object>();

/** Draw a sheet again if what it shows changed, unless its user is typing (then once they stop). */
export function refreshSheet(sheet: unknown): void {
  if (!isRefreshable(sheet) || !sheet.rendered) return;
  if (JSON.stringify(sheet.viewNow()) === JSON.stringify(sheet.viewShown())) return;
  const element = sheet.element;
  if (element && holdsUserInput(element)) {
    if (waiting.has(sheet)) return;
    waiting.add(sheet);
    element.addEventListener?.(
      "focusout",
      () => {
        waiting.delete(sheet);
        refreshSheet(sheet);
      },
      { once: true },
    );
    return;
  }
  void sheet.render();
}

/**
 * The state's fields outside the combatants that every fighting sheet shows or checks its actions
 * against: its status line (round, phase, segment), the actions open in a stage or a phase, the
 * ruleset's options, the grid (reach and threat), the order and ruleset data a delay or a
 * marching lead reads, and the open reactions and pending actions (while reactions are pending,
 * every sheet's actions say so, with how many).
 */
const EVERY_SHEET = [
  "status",
  "round",
  "phase",
  "segment",
  "stage",
  "options",
  "grid",
  "order",
  "groups",
  "ext",
  "offers",
  "pending",
] as const satisfies readonly (keyof EncounterState)[];

/** Which fighting sheets a change can reach: every one, or those of these combatants (and those that read them). */
export interface SheetScope {
  every: boolean;
  ids: ReadonlySet<string>;
}

/**
 * The sheets a write from `before` to `after` can change: the sheets of the combatants it
 * changed (stateChanges) and of the one whose turn ended and the one whose turn began; every
 * sheet when something every sheet shows changed, and when there is no state to compare with
 * (`before` undefined: none seen yet). A sheet that read one of these combatants is looked at too
 * (refreshCombatSheets).
 */
export function sheetScope(
  before: EncounterState | null | undefined,
  after: EncounterState | null,
): SheetScope {
  const changes = stateChanges(before, after);
  if (before === undefined || before === null || after === null || changes.all)
    return { every: true, ids: changes.combatants };
  if (!changes.turn) return { every: false, ids: changes.combatants };
  if (EVERY_SHEET.some((field) => before[field] !== after[field]))
    return { every: true, ids: changes.combatants };
  const ids = new Set(changes.combatants);
  for (const id of [before.current, after.current]) if (id !== null) ids.add(id);
  return { every: false, ids };
}

/** What this client's sheets last looked at, by combat: the state the next change is measured from. */
const seen = new WeakMap<object, EncounterState | null>();

/** Does a sheet's last render read one of these combatants (its targets, its reactions' attackers)? */
function reads(sheet: unknown, ids: ReadonlySet<string>): boolean {
  if (ids.size === 0 || !isRefreshable(sheet) || !sheet.shownCombatants) return false;
  for (const id of sheet.shownCombatants()) if (ids.has(id)) return true;
  return false;
}

/**
 * After a combat changed: the open sheets of the fighting actors the change can reach (sheetScope;
 * every one when the combat was deleted), each drawn again where it shows a change. `after` is the
 * combat's engine state now (null before the start, or for a combat that is not Tempo's).
 */
export function refreshCombatSheets(
  combat: Combat.Implementation,
  after: EncounterState | null,
  deleted = false,
): void {
  const before = seen.has(combat) ? seen.get(combat) : undefined;
  if (deleted) seen.delete(combat);
  else seen.set(combat, after);
  const scope = deleted ? { every: true, ids: new Set<string>() } : sheetScope(before, after);
  if (!scope.every && scope.ids.size === 0) return;
  for (const combatant of combat.combatants) {
    const sheet = combatant.actor?.sheet;
    if (scope.every || scope.ids.has(combatant.id ?? "") || reads(sheet, scope.ids)) refreshSheet(sheet);
  }
}

/**
 * The actions a sheet offers are checked against the user's target (an attack needs an enemy):
 * when this user targets or untargets a token, its open sheets in the viewed combat are drawn
 * again where that changes what they show.
 */
export function refreshOnTarget(user: User.Implementation): void {
  if (!user.isSelf) return;
  for (const combatant of game.combat?.combatants ?? []) refreshSheet(combatant.actor?.sheet);
}
