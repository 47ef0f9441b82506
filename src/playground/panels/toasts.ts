/** Toasts: a refusal, an error or a note, shown for a few seconds over the page. */
import { h } from "../dom";

export type ToastKind = "refusal" | "error" | "info";

export class Toasts {
  constructor(private readonly host: HTMLElement) {}

  show(text: string, kind: ToastKind): void {
    const el = h(
      "div",
      { class: `pg-toast pg-toast-${kind}`, role: kind === "info" ? "status" : "alert" },
      text,
    );
    this.host.append(el);
    setTimeout(() => el.classList.add("is-leaving"), 4200);
    setTimeout(() => el.remove(), 4800);
  }
}
