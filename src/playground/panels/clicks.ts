/**
 * A control that appears under the pointer ignores a click that began before it appeared: the
 * second click of a double click on Start combat lands on Next turn, drawn where Start was, and
 * must not press it (issue 45: the first combatant's turn was skipped). A click of a run (a double
 * or triple click, `detail` > 1) counts only on the control the run began on; any other control
 * it lands on was not there, or not under the pointer, when the run began.
 */

/** What counts as a control: something a click makes do something. */
const CONTROL = "button, a[href], [role=button], input, select, summary, [data-action], [data-pg-command]";

function controlOf(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest(CONTROL) : null;
}

export function installClickGuard(root: HTMLElement): void {
  /** The control the first press of the current run of clicks went down on. */
  let began: Element | null = null;
  root.addEventListener(
    "mousedown",
    (e) => {
      if (e.detail <= 1) began = controlOf(e.target);
    },
    true,
  );
  root.addEventListener(
    "click",
    (e) => {
      // A click from the keyboard or a script has detail 0; a first click has 1.
      if (e.detail <= 1) return;
      const control = controlOf(e.target);
      if (!control || control === began) return;
      e.preventDefault();
      e.stopImmediatePropagation();
    },
    true,
  );
}
