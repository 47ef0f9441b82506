/**
 * The reaction prompt: for whoever may react now, with the system's countdown (declining when it
 * runs out, as Foundry's prompt does). Escape never declines on its own: it asks first. Drawn
 * again only when its offers, its reactor or the turn changed; the clock alone updates in place.
 */
import { combatantIn, type EncounterState, type Offer } from "../../engine";
import { Countdown } from "../../views/prompt";
import { PROMPT_SECONDS } from "../config";
import { afterPaint, h } from "../dom";
import type { Frame, PlaygroundHost } from "../host";
import { forgetPromptClock, promptTimeLeft, savePromptClock } from "../storage";
import type { ViewModules } from "../views";
import { focusKeyOf, focusSoon, type FocusMark } from "./focus";

interface PromptState {
  key: string;
  who: string;
  countdown: Countdown;
  lastTick: number;
  /** Escape was pressed: the prompt asks whether to decline, and declines only on a yes. */
  confirming: boolean;
}

export class PromptPanel {
  private prompt: PromptState | null = null;
  private timer: number | null = null;
  /** Where focus goes back to when the prompt closes. */
  private returnFocus: FocusMark | null = null;

  constructor(
    private readonly host: PlaygroundHost,
    private readonly el: HTMLElement,
    private readonly views: ViewModules,
  ) {
    el.addEventListener("click", (e) => this.onClick(e));
    el.addEventListener("keydown", (e) => {
      // Escape never declines on its own: it asks first (a reaction lost to a stray key is lost).
      if (e.key !== "Escape") return;
      e.preventDefault();
      e.stopPropagation();
      this.onEscape();
    });
  }

  private get state(): EncounterState {
    return this.host.session.state;
  }

  reset(): void {
    this.close();
    this.returnFocus = null;
  }

  /** The seconds left on the prompt's countdown, while one runs (the waiting line shows them). */
  get seconds(): number | null {
    return this.prompt ? this.prompt.countdown.seconds : null;
  }

  private openFor(): { who: string; offers: Offer[] } | null {
    const first = this.state.offers[0];
    if (!first) return null;
    return { who: first.who, offers: this.state.offers.filter((o) => o.who === first.who) };
  }

  update(frame: Frame, focusBefore: FocusMark): void {
    const open = this.openFor();
    if (!open) {
      if (this.el.hidden && !this.prompt) return;
      const wasOpen = !this.el.hidden;
      this.close();
      this.el.hidden = true;
      delete this.el.dataset["who"];
      // Taking away (or blurring) the focused control makes the browser lay the page out on the
      // spot, inside the click. Hidden, the closed prompt lets go of focus as the frame is drawn;
      // its card is taken away after that, unless another prompt opened meanwhile.
      afterPaint(() => {
        if (!this.prompt && this.el.hidden) this.el.replaceChildren();
        if (wasOpen) this.giveFocusBack();
      });
      return;
    }
    const key = `${open.who}:${open.offers.map((o) => o.id).join(",")}`;
    let opened = false;
    if (!this.prompt || this.prompt.key !== key) {
      // A prompt that follows another (a chain of reactions) keeps where focus first came from.
      if (!this.prompt && !this.returnFocus) this.returnFocus = focusBefore;
      this.close();
      const who = open.who;
      // The system's countdown, as Foundry's prompt runs it: declining when it runs out.
      const countdown = new Countdown(PROMPT_SECONDS * 1000, () => this.expire(key, who));
      this.prompt = { key, who, countdown, lastTick: performance.now(), confirming: false };
      // The same prompt before a reload keeps its deadline (a reload buys no time): the time
      // passed since is taken off; one that ran out meanwhile runs out at the next tick.
      const kept = promptTimeLeft(this.clockId(key), Date.now());
      if (kept) {
        const total = countdown.totalMs;
        countdown.tick(total - Math.min(total, Math.max(1, kept.leftMs)));
        if (!kept.running) countdown.pause();
      }
      this.keepClock();
      this.timer = window.setInterval(() => this.tick(), 200);
      opened = true;
    } else if (!frame.changes.all && !frame.changes.turn && !frame.changes.combatants.has(open.who)) {
      // The same offers, the same reactor, the same turn: nothing the prompt shows changed.
      return;
    }
    // A player is asked only for their own combatant (the GM answers for the rest, a hidden foe
    // included): its countdown runs all the same, as it does on the GM's client in Foundry.
    const viewer = this.host.viewer;
    if (!viewer.isGM && !(viewer.owned ?? []).includes(open.who)) {
      this.el.hidden = true;
      delete this.el.dataset["who"];
      this.el.replaceChildren();
      return;
    }
    this.el.hidden = false;
    this.el.dataset["who"] = open.who;
    this.draw(open.who, open.offers, frame);
    // Focus follows the action: the prompt's first reaction (or Decline, when none is possible).
    if (opened) afterPaint(() => this.focusFirst());
  }

  private focusFirst(): void {
    const first =
      this.el.querySelector<HTMLElement>("[autofocus]:not([disabled])") ??
      this.el.querySelector<HTMLElement>("[data-action=tempoReact]:not([disabled])") ??
      this.el.querySelector<HTMLElement>("[data-action=tempoDecline]");
    if (first) focusSoon(first);
  }

  /** The prompt closed: focus goes back where it was, or to the acting token if that is gone. */
  private giveFocusBack(): void {
    const mark = this.returnFocus;
    this.returnFocus = null;
    const active = document.activeElement;
    // Focus moved somewhere on purpose meanwhile (not the prompt, not lost to the body): leave it.
    if (active && active !== document.body && !this.el.contains(active)) return;
    const selected = this.host.selected;
    const candidates: (Element | null)[] = [
      mark?.el && mark.el.isConnected ? mark.el : null,
      mark?.selector ? document.querySelector(mark.selector) : null,
      selected ? document.querySelector(`.pg-token[data-id="${CSS.escape(selected)}"]`) : null,
    ];
    for (const el of candidates) {
      if (!(el instanceof HTMLElement || el instanceof SVGElement) || el === document.body) continue;
      if (focusSoon(el)) return;
    }
  }

  /** Which prompt a kept clock belongs to: this session, how far its log ran, the open offers. */
  private clockId(key: string): string {
    const session = this.host.session;
    return `${session.ruleset}|${session.encounter}|${session.seed}|${session.log.length}|${key}`;
  }

  /** Keep the open prompt's clock in the browser's storage, as it reads now. */
  private keepClock(): void {
    const prompt = this.prompt;
    if (!prompt) return;
    const running = !prompt.countdown.paused;
    const since = running ? performance.now() - prompt.lastTick : 0;
    savePromptClock({
      prompt: this.clockId(prompt.key),
      leftMs: prompt.countdown.remainingMs - since,
      at: Date.now(),
      running,
    });
  }

  private close(): void {
    // A prompt this page had open closes (answered, run out, a new encounter): its clock goes.
    if (this.prompt) forgetPromptClock();
    this.prompt?.countdown.finish();
    this.prompt = null;
    if (this.timer !== null) window.clearInterval(this.timer);
    this.timer = null;
  }

  /** Nobody answered in time: the offers are declined, as a table would move on. */
  private expire(key: string, who: string): void {
    if (this.prompt?.key !== key) return;
    const offer = this.state.offers.find((o) => o.who === who);
    this.close();
    this.host.send(
      { type: "react", who, with: "decline", ...(offer ? { against: offer.against } : {}) },
      { timedOut: true },
    );
  }

  private onEscape(): void {
    const prompt = this.prompt;
    if (!prompt) return;
    prompt.confirming = !prompt.confirming;
    // Time does not run out while the reactor is being asked whether to decline: the countdown
    // stops while the question is open and runs on after "Keep choosing" (one paused by hand
    // before stays paused).
    if (prompt.confirming) {
      prompt.countdown.tick(performance.now() - prompt.lastTick);
      prompt.countdown.hold();
    } else {
      prompt.countdown.release();
    }
    prompt.lastTick = performance.now();
    this.keepClock();
    const open = this.openFor();
    if (!open) return;
    this.draw(open.who, open.offers);
    if (prompt.confirming) this.el.querySelector<HTMLElement>("[data-action=pgKeepChoosing]")?.focus();
    else this.focusFirst();
  }

  /** Draw the prompt; focus inside it stays on the same control (after the frame's writes, in a render). */
  private draw(who: string, offers: Offer[], frame?: Frame): void {
    const prompt = this.prompt;
    if (!prompt) return;
    const loc = this.host.loc;
    const focused =
      document.activeElement instanceof HTMLElement && this.el.contains(document.activeElement)
        ? focusKeyOf(document.activeElement)
        : null;
    const html = this.views.promptHtml(this.state, who, offers, prompt.countdown);
    if (html !== null) {
      this.el.innerHTML = html;
      this.el.dataset["source"] = "template";
    } else {
      // The template is still loading: the one answer that is always possible.
      this.el.dataset["source"] = "playground";
      this.el.replaceChildren(
        h(
          "div",
          {
            class: "pg-prompt-card",
            role: "alertdialog",
            "aria-label": loc.localize("TEMPO.Prompt.WindowTitle"),
          },
          h("p", {}, loc.localize("TEMPO.Playground.Loading")),
          h(
            "button",
            { type: "button", "data-action": "tempoDecline" },
            loc.localize("TEMPO.Prompt.Decline"),
          ),
        ),
      );
    }
    if (prompt.confirming) {
      const name = combatantIn(this.state, who)?.name ?? who;
      const card = this.el.firstElementChild ?? this.el;
      card.append(
        h(
          "div",
          { class: "pg-prompt-confirm", role: "group", "aria-labelledby": "pg-prompt-confirm-text" },
          h(
            "p",
            { id: "pg-prompt-confirm-text" },
            loc.format("TEMPO.Playground.Prompt.ConfirmDecline", { name }),
          ),
          h(
            "button",
            { type: "button", class: "pg-primary", "data-action": "pgKeepChoosing" },
            loc.localize("TEMPO.Playground.Prompt.KeepChoosing"),
          ),
          h(
            "button",
            { type: "button", "data-action": "pgConfirmDecline" },
            loc.localize("TEMPO.Playground.Prompt.YesDecline"),
          ),
        ),
      );
    }
    if (!focused) return;
    // The same control in the same place: focus without a scroll.
    const refocus = () => this.el.querySelector<HTMLElement>(focused)?.focus({ preventScroll: true });
    if (frame) frame.after(refocus);
    else refocus();
  }

  private tick(): void {
    const prompt = this.prompt;
    if (!prompt) return;
    const now = performance.now();
    const before = prompt.countdown.seconds;
    prompt.countdown.tick(now - prompt.lastTick);
    prompt.lastTick = now;
    // Only the clock changes while waiting: update it in place so keyboard focus stays put.
    if (this.prompt === prompt && prompt.countdown.seconds !== before) {
      const open = this.openFor();
      const clock = open ? this.views.promptClock(this.state, open.who, open.offers, prompt.countdown) : null;
      const seconds = this.el.querySelector<HTMLElement>("[data-tempo-seconds]");
      const fill = this.el.querySelector<HTMLElement>(".tempo-prompt__fill");
      const timer = this.el.querySelector<HTMLElement>("[role=timer]");
      if (clock && seconds) seconds.textContent = clock.text;
      if (clock && fill) fill.setAttribute("style", clock.barStyle);
      if (clock && timer) timer.setAttribute("aria-label", clock.ariaLabel);
    }
  }

  private onClick(e: Event): void {
    const target = e.target instanceof Element ? e.target : null;
    const prompt = this.prompt;
    const button = target?.closest<HTMLElement>("[data-action]");
    if (!button || !prompt) return;
    const who = prompt.who;
    const offers = this.state.offers.filter((o) => o.who === who);
    switch (button.dataset["action"]) {
      case "tempoPauseCountdown":
      case "tempoResumeCountdown":
        if (button.dataset["action"] === "tempoPauseCountdown") {
          prompt.countdown.tick(performance.now() - prompt.lastTick);
          prompt.countdown.pause();
        } else prompt.countdown.resume();
        prompt.lastTick = performance.now();
        this.keepClock();
        this.draw(who, offers);
        this.el.querySelector<HTMLElement>(".tempo-prompt__toggle")?.focus();
        return;
      case "tempoReact": {
        const offer = offers.find((o) => o.id === button.dataset["offerId"]);
        if (offer) this.host.send({ type: "react", who, with: offer.with, against: offer.against });
        return;
      }
      case "pgKeepChoosing":
        this.onEscape();
        return;
      case "pgConfirmDecline":
      case "tempoDecline":
        this.host.send({
          type: "react",
          who,
          with: "decline",
          ...(offers[0] ? { against: offers[0].against } : {}),
        });
        return;
    }
  }
}
