/**
 * Keyboard focus across re-renders: where it was (the element, and a selector that finds the same
 * control drawn again), and giving it back to that control or its panel's nearest usable one.
 */
import { afterPaint } from "../dom";

/** Where keyboard focus was, to give it back: the element, and a selector that finds it re-rendered. */
export interface FocusMark {
  el: Element | null;
  selector: string | null;
  /** The panel it was in (tracker, sheet, ...), to find a neighbour when it is gone. */
  panel: string | null;
}

const PANELS = ["tracker", "sheet", "chat", "map-bar", "prompt", "header"];

/** Where focus is now, as an element and a selector that finds it again after a re-render. */
export function focusMark(el: Element | null): FocusMark {
  if (!el || el === document.body) return { el: null, selector: null, panel: null };
  const panel = el.closest(PANELS.map((p) => `[data-pg="${p}"]`).join(","))?.getAttribute("data-pg") ?? null;
  const data = (el as HTMLElement).dataset ?? {};
  const attr = (name: string, value: string | undefined) =>
    value === undefined ? "" : `[${name}="${CSS.escape(value)}"]`;
  let selector: string | null = null;
  if (el.classList.contains("pg-token") && data["id"]) selector = `.pg-token${attr("data-id", data["id"])}`;
  else if (data["focusKey"]) selector = attr("data-focus-key", data["focusKey"]);
  else if (data["pgCommand"]) selector = attr("data-pg-command", data["pgCommand"]);
  else if (data["action"]) {
    const panel = el.closest("[data-pg]")?.getAttribute("data-pg");
    selector = `${panel ? `[data-pg="${panel}"] ` : ""}${attr("data-action", data["action"])}${attr("data-action-id", data["actionId"])}`;
  } else if (el.id) selector = `#${CSS.escape(el.id)}`;
  return { el, selector, panel };
}

/**
 * A re-render replaced the focused control (a sheet's action, a tracker button): focus goes
 * back to the same control, or, where it is gone or disabled now, to the nearest one that still
 * does something (the panel's first enabled control), never to the page's body.
 */
export function keepFocus(before: FocusMark): void {
  const active = document.activeElement;
  if (!before.el || (active && active !== document.body && active.isConnected)) return;
  const name = before.panel;
  const usable = (el: Element | null): el is HTMLElement =>
    el instanceof HTMLElement && !el.matches(":disabled") && el.getClientRects().length > 0;
  const same = before.selector ? document.querySelector(before.selector) : null;
  const host = name ? document.querySelector(`[data-pg="${CSS.escape(name)}"]`) : null;
  const candidates: (Element | null)[] = [same];
  if (host) {
    candidates.push(
      ...Array.from(
        host.querySelectorAll(
          "[data-action=takeAction], [data-pg-command], [data-action], button, select, input, [tabindex='0']",
        ),
      ),
    );
  }
  for (const el of candidates) {
    if (!usable(el)) continue;
    el.focus({ preventScroll: true });
    if (document.activeElement === el) return;
  }
}

/**
 * Move keyboard focus to `el` without scrolling it into view now (a scroll reads the layout): once
 * the next frame is drawn, the control is brought into view if it is still focused. False when `el`
 * did not take focus.
 */
export function focusSoon(el: HTMLElement | SVGElement): boolean {
  el.focus({ preventScroll: true });
  if (document.activeElement !== el) return false;
  afterPaint(() => {
    if (document.activeElement === el) el.scrollIntoView({ block: "nearest", inline: "nearest" });
  });
  return true;
}

/** A selector that finds the same control after a re-render (ids are not stable across renders). */
export function focusKeyOf(el: HTMLElement): string | null {
  if (el.dataset["focusKey"]) return `[data-focus-key="${el.dataset["focusKey"]}"]`;
  if (el.dataset["offerId"]) return `[data-offer-id="${el.dataset["offerId"]}"]`;
  if (el.dataset["action"]) return `[data-action="${el.dataset["action"]}"]`;
  return null;
}

/** The element a panel host is drawn into, by its data-pg name. */
export function panelHost(root: ParentNode, name: string): HTMLElement {
  const el = root.querySelector<HTMLElement>(`[data-pg=${name}]`);
  if (!el) throw new Error(`playground: no ${name} host`);
  return el;
}
