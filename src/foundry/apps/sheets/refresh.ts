/**
 * Open sheets of the actors fighting in a combat show its state (pools, whose turn, open
 * reactions). When the combat changes, a sheet is drawn again only if what it shows changed (its
 * view model differs from the one on screen), and never while its user is typing: a sheet with a
 * focused field or a field whose text differs from what was drawn waits until the user leaves the
 * field (focusout), then draws what is current.
 */

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

/** After a combat changed: each fighting actor's open sheet, drawn again where it shows a change. */
export function refreshCombatSheets(combat: Combat.Implementation): void {
  for (const combatant of combat.combatants) refreshSheet(combatant.actor?.sheet);
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
