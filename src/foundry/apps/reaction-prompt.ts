/**
 * The reaction prompt: ApplicationV2 with Handlebars (templates/prompt/prompt.hbs, view model
 * src/views/prompt.ts). It lists the reactions the rules allow right now with their costs, counts
 * down (world setting promptTimeout, 15 s by default) and declines when the countdown runs out;
 * the pause button stops the countdown. It closes by itself when what it asks about is gone: the
 * offers answered elsewhere, the combatant removed, its token deleted, the combat ended.
 *
 * A prompt answers a promise once: with the offer taken, a decline, or null (closed unanswered, by
 * its window button or Escape, or the countdown ran out, which the GM counts as a decline). Its
 * default button (the first reaction open, else Decline) has the focus when it shows.
 */
import type { EncounterState } from "../../engine";
import { Countdown, promptView } from "../../views/prompt";
import { TEMPLATE_PATHS } from "../../views/templates";
import {
  MAX_PROMPT_SECONDS,
  isReactionAsk,
  promptStillOpen,
  storedAsk,
  type ReactionAnswer,
  type ReactionAsk,
} from "../rules/asks";
import { combatById } from "../documents/find";
import { readSettings } from "../settings";
import { foundryLocalizer } from "../localizer";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

export const PROMPT_QUERY = "tempo.reactionPrompt";
/** How often the countdown is redrawn. */
const TICK_MS = 250;

export interface PromptOptions {
  /** The GM's mirror of a player's prompt: the player's name. */
  mirrorOf?: string | null;
  /** A mirror does not decline by itself when its countdown runs out: the player's prompt does. */
  expires?: boolean;
}

/** Open prompts on this client, by ask id. */
const open = new Map<string, ReactionPrompt>();

export class ReactionPrompt extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    classes: ["tempo", "tempo-app", "tempo-prompt-app"],
    tag: "div",
    window: { title: "TEMPO.Prompt.WindowTitle", icon: "fa-solid fa-shield-halved", resizable: false },
    position: { width: 380, height: "auto" as const },
    actions: {
      tempoReact: ReactionPrompt.#onReact,
      tempoDecline: ReactionPrompt.#onDecline,
      tempoPauseCountdown: ReactionPrompt.#onPause,
      tempoResumeCountdown: ReactionPrompt.#onResume,
    },
  };

  static override PARTS = {
    prompt: { template: TEMPLATE_PATHS.prompt },
  };

  readonly ask: ReactionAsk;
  readonly countdown: Countdown;
  readonly answered: Promise<ReactionAnswer | null>;
  #resolve: (answer: ReactionAnswer | null) => void = () => undefined;
  #settled = false;
  #timer: number | null = null;
  readonly #mirrorOf: string | null;

  constructor(ask: ReactionAsk, options: PromptOptions = {}) {
    super({ id: `tempo-prompt-${ask.askId}` });
    this.ask = ask;
    this.#mirrorOf = options.mirrorOf ?? null;
    this.answered = new Promise((resolve) => {
      this.#resolve = resolve;
    });
    const expires = options.expires ?? true;
    this.countdown = new Countdown(ask.seconds * 1000, () => {
      if (expires) this.settle(null);
    });
    // Opened while the game is paused: the clock waits for the game (onPauseGame).
    if (game.paused === true) this.countdown.hold();
  }

  /** The combat's state now, or null when it is gone or over. */
  #state(): EncounterState | null {
    const state = combatById(this.ask.combatId)?.encounter ?? null;
    return state && state.status === "active" ? state : null;
  }

  /** Still worth asking: the combat runs, the reactor and its token are there, an offer is open. */
  stillOpen(): boolean {
    const combat = combatById(this.ask.combatId);
    const combatant = combat?.combatants.get(this.ask.reactor);
    const tokenGone = !combatant || (!!combatant.tokenId && !combatant.token);
    return promptStillOpen(this.#state(), this.ask, tokenGone);
  }

  protected override async _prepareContext(options: foundry.applications.api.ApplicationV2.RenderOptions) {
    const context = await super._prepareContext(options);
    const state = this.#state();
    const tempo = state
      ? promptView(state, this.ask.reactor, this.ask.offers, {
          i18n: foundryLocalizer(),
          seconds: this.countdown.seconds,
          total: this.ask.seconds,
          paused: this.countdown.paused,
          mirrorOf: this.#mirrorOf,
        })
      : null;
    return Object.assign(context, { tempo });
  }

  protected override async _onFirstRender(
    context: foundry.applications.api.ApplicationV2.RenderContext,
    options: foundry.applications.api.ApplicationV2.RenderOptions,
  ): Promise<void> {
    await super._onFirstRender(context, options);
    // Escape does what closing the window does: no answer, which the GM counts as a decline.
    this.element.addEventListener("keydown", (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.stopPropagation();
      this.settle(null);
    });
    let last = Date.now();
    this.#timer = window.setInterval(() => {
      const now = Date.now();
      this.countdown.tick(now - last);
      last = now;
      if (!this.#settled) this.#drawClock();
    }, TICK_MS);
  }

  protected override async _onRender(
    context: foundry.applications.api.ApplicationV2.RenderContext,
    options: foundry.applications.api.ApplicationV2.RenderOptions,
  ): Promise<void> {
    await super._onRender(context, options);
    // HTML put into the page after it loaded does not focus its `autofocus` element by itself:
    // focus the template's default button (the first reaction open, else Decline), so Enter takes
    // it and Escape reaches this window.
    this.element.querySelector<HTMLElement>("[autofocus]")?.focus();
  }

  /** Update the seconds and the bar without re-rendering the buttons under the user's pointer. */
  #drawClock(): void {
    const seconds = this.countdown.seconds;
    const i18n = foundryLocalizer();
    const text = this.element.querySelector<HTMLElement>("[data-tempo-seconds]");
    if (text)
      text.textContent = i18n.format(this.countdown.paused ? "TEMPO.Prompt.Paused" : "TEMPO.Prompt.Seconds", {
        seconds,
      });
    const fill = this.element.querySelector<HTMLElement>(".tempo-prompt__fill");
    if (fill)
      fill.style.width = `${Math.round((this.countdown.remainingMs / (this.ask.seconds * 1000)) * 100)}%`;
  }

  /** Answer once; later calls do nothing. Closes the window unless it is closing already. */
  settle(answer: ReactionAnswer | null, close = true): void {
    if (this.#settled) return;
    this.#settled = true;
    this.countdown.finish();
    this.#resolve(answer);
    if (close) void this.close();
  }

  protected override _onClose(options: foundry.applications.api.ApplicationV2.RenderOptions): void {
    super._onClose(options);
    if (this.#timer !== null) window.clearInterval(this.#timer);
    this.#timer = null;
    open.delete(this.ask.askId);
    // Closed by its window button: no answer, which the GM counts as a decline.
    this.settle(null, false);
  }

  static async #onReact(this: ReactionPrompt, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const offerId = target.dataset["offerId"];
    if (offerId) this.settle({ askId: this.ask.askId, offerId });
  }

  static async #onDecline(this: ReactionPrompt): Promise<void> {
    this.settle({ askId: this.ask.askId, offerId: null });
  }

  static async #onPause(this: ReactionPrompt): Promise<void> {
    this.countdown.pause();
    await this.render();
  }

  static async #onResume(this: ReactionPrompt): Promise<void> {
    this.countdown.resume();
    await this.render();
  }
}

/** Open a prompt on this client and wait for its answer (null: unanswered). */
export function openPrompt(ask: ReactionAsk, options: PromptOptions = {}): Promise<ReactionAnswer | null> {
  const existing = open.get(ask.askId);
  if (existing) return existing.answered;
  const prompt = new ReactionPrompt(ask, options);
  open.set(ask.askId, prompt);
  void prompt.render({ force: true });
  return prompt.answered;
}

/** Bring this user's open prompt for a reactor to the front (the chat card's "React" button). */
export function showPromptFor(reactor: string): boolean {
  for (const prompt of open.values()) {
    if (prompt.ask.reactor !== reactor) continue;
    void prompt.render({ force: true });
    prompt.bringToFront();
    return true;
  }
  return false;
}

/**
 * Close every prompt whose question is gone: called on combat updates, a combatant or token
 * deleted, a combat deleted or ended. A closed prompt answers null.
 */
export function closeStalePrompts(): void {
  for (const prompt of [...open.values()]) {
    if (!prompt.stillOpen()) prompt.settle(null);
    else void prompt.render();
  }
}

/**
 * pauseGame (every client: https://foundryvtt.com/api/functions/hookEvents.pauseGame.html): the
 * countdown of every open prompt stops while the game is paused and runs on when it resumes (one
 * its user paused by hand stays paused). The GM's wait for an answer is MAX_PROMPT_MS at most.
 */
export function onPauseGame(paused: boolean): void {
  for (const prompt of open.values()) {
    if (paused) prompt.countdown.hold();
    else prompt.countdown.release();
    void prompt.render();
  }
}

/** Close the prompts an ask id names (the GM's mirror once the player answered). */
export function closePrompt(askId: string): void {
  open.get(askId)?.settle(null);
}

/**
 * The handler of "tempo.reactionPrompt" on the asked user's client (registered in CONFIG.queries).
 * A query does not say who sent it, so the payload proves nothing: the prompt shows only offers
 * open in the stored combat state, for a reactor this user may answer for (storedAsk), counting
 * down the GM's world setting (promptTimeout), never the payload's seconds; anything else answers
 * null and shows nothing. The same offers asked again (a new active GM re-asking)
 * reuse the prompt already open for them.
 */
export async function handlePromptQuery(data: unknown): Promise<ReactionAnswer | null> {
  if (!isReactionAsk(data)) return null;
  const combat = combatById(data.combatId);
  const user = game.user;
  const ask = storedAsk(combat?.encounter ?? null, data, (reactor) => {
    if (!user) return false;
    if (user.isGM) return true;
    return combat?.combatants.get(reactor)?.actor?.testUserPermission(user, "OWNER") ?? false;
  });
  if (!ask) return null;
  // The countdown is the GM's world setting (only a GM writes it), never the payload's: a forged
  // ask with a short countdown cannot make the reactor's prompt, which the GM's real ask reuses,
  // run out early and decline for it.
  const seconds = Math.min(Math.max(readSettings().promptTimeout, 1), MAX_PROMPT_SECONDS);
  const same = openFor(ask);
  if (same) return same.answered.then((answer) => (answer ? { ...answer, askId: ask.askId } : null));
  return openPrompt({ ...ask, seconds });
}

/** A prompt open on this client for the same reactor and the same offers, if any. */
function openFor(ask: ReactionAsk): ReactionPrompt | null {
  const ids = ask.offers
    .map((o) => o.id)
    .sort()
    .join(",");
  for (const prompt of open.values()) {
    if (prompt.ask.reactor !== ask.reactor) continue;
    if (
      prompt.ask.offers
        .map((o) => o.id)
        .sort()
        .join(",") === ids
    )
      return prompt;
  }
  return null;
}
