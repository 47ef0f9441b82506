/**
 * The page's keys: the skip link (the first Tab stop) and J go to the acting combatant's first
 * action; Ctrl+Z (Cmd+Z) undoes, Ctrl+Shift+Z or Ctrl+Y redoes. None of them fire while typing in a field or with a dialog up.
 */
import { h } from "../dom";
import type { PlaygroundHost } from "../host";

export interface KeyLinks {
  /** A dialog is open: the page's own keys wait. */
  dialogOpen(): boolean;
  jumpToActions(): void;
}

export function installKeys(host: PlaygroundHost, root: HTMLElement, links: KeyLinks): void {
  // The first stop of Tab: straight to the acting combatant's actions (J does the same).
  const skip = h(
    "a",
    { href: "#", class: "pg-skip", "data-pg": "skip" },
    host.loc.localize("TEMPO.Playground.Keys.Skip"),
  );
  skip.addEventListener("click", (e) => {
    e.preventDefault();
    links.jumpToActions();
  });
  root.prepend(skip);
  document.addEventListener("keydown", (e) => {
    if (e.defaultPrevented || links.dialogOpen()) return;
    const target = e.target instanceof Element ? e.target : null;
    const typing =
      !!target &&
      (target.matches("input, textarea, select, [contenteditable=''], [contenteditable=true]") ||
        (target instanceof HTMLElement && target.isContentEditable));
    if (typing) return;
    const key = e.key.toLowerCase();
    if (key === "z" && (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey) {
      e.preventDefault();
      host.goBack("undo");
      return;
    }
    // Redo where Undo is: Ctrl+Shift+Z (Cmd+Shift+Z), or Ctrl+Y.
    if ((key === "z" && e.shiftKey) || (key === "y" && !e.shiftKey)) {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      e.preventDefault();
      host.redo();
      return;
    }
    if (key === "j" && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      links.jumpToActions();
    }
  });
}
