/**
 * The reaction prompt's view model: engine state and one ask (a reactor's open offers) in, plain
 * data out. Pure: no Foundry, no DOM. Foundry's ReactionPrompt (src/foundry/apps/reaction-prompt.ts)
 * and the playground render templates/prompt/prompt.hbs with `{ tempo: view }`.
 *
 * Each choice is an open offer with its cost and, when the rules do not allow it right now (too
 * few RP, out of reach ...), the reason and a disabled button. Decline is always there and is
 * what happens when the countdown runs out.
 */
import { getRuleset, openReactions, type EncounterState, type Offer, combatantIn } from "../engine";
import { costText, refusalText, type Localizer } from "./sheet";
import { reactionCostNote, SPEAKS_OF_THREAT } from "./labels";

export type { Localizer };

export interface PromptOptions {
  i18n: Localizer;
  /** Seconds left, and the countdown's full length. */
  seconds: number;
  total: number;
  paused: boolean;
  /** The GM's copy of a player's prompt: the GM may answer for an absent player. */
  mirrorOf?: string | null;
  /** The countdown ran out: the prompt says so until the host closes it (it declines for them). */
  expired?: boolean;
}

export interface PromptChoiceView {
  offerId: string;
  reaction: string;
  label: string;
  cost: string;
  against: string;
  disabled: boolean;
  reason: string;
  hasReason: boolean;
  /** The id of the reason's element, the disabled button's description. */
  reasonId: string;
  ariaLabel: string;
  cssClass: string;
  /** The first choice that can be taken: the prompt's focus when it opens (it is against a clock). */
  autofocus: boolean;
}

export interface PromptView {
  reactor: string;
  title: string;
  /** "Grukk leaves a hex you threaten" / "Snag attacks Aria". */
  prompt: string;
  choices: PromptChoiceView[];
  hasChoices: boolean;
  /** Decline takes the focus only when no reaction can be taken. */
  decline: { label: string; ariaLabel: string; autofocus: boolean };
  countdown: {
    seconds: number;
    text: string;
    /** Width of the bar, as an inline style: "width: 60%". */
    barStyle: string;
    ariaLabel: string;
    paused: boolean;
    toggleLabel: string;
    toggleAction: string;
  };
  mirror: boolean;
  mirrorNote: string;
  cssClass: string;
}

function nameOf(state: EncounterState, id: string): string {
  return combatantIn(state, id)?.name ?? id;
}

/** What triggered the offers, in words: a move out of threat, an attack, an action. */
function triggerText(state: EncounterState, offers: readonly Offer[], i18n: Localizer): string {
  const first = offers[0];
  if (!first) return "";
  const pending = state.pending.find((p) => p.id === first.trigger);
  const against = nameOf(state, first.against);
  const reactor = nameOf(state, first.who);
  switch (pending?.kind) {
    case "move":
    case "flee":
      // The grid's own word: a hex on a hex map, a square on a square one.
      return i18n.format(
        state.grid.type === "square" ? "TEMPO.Prompt.Trigger.MoveSquare" : "TEMPO.Prompt.Trigger.Move",
        { mover: against, reactor },
      );
    case "attack": {
      // Whom the attack is aimed at: the reactor, or an ally it may take the attack for (flow's
      // Intercept); flow's Reaction Attack says so, as its defender may only Dodge, Parry or Block.
      const data = pending.data;
      const aimed = typeof data.target === "string" ? data.target : first.who;
      const key = data.reactionAttack === true ? "ReactionAttack" : "Attack";
      if (aimed === first.who)
        return i18n.format(`TEMPO.Prompt.Trigger.${key}`, { attacker: against, reactor });
      return i18n.format(`TEMPO.Prompt.Trigger.${key}Ally`, {
        attacker: against,
        reactor,
        target: nameOf(state, aimed),
      });
    }
    default:
      // Only a ruleset with reach says the action is done "within reach".
      return i18n.format(
        SPEAKS_OF_THREAT[state.ruleset] ? "TEMPO.Prompt.Trigger.Action" : "TEMPO.Prompt.Trigger.Event",
        { actor: against, reactor },
      );
  }
}

/** The prompt for `reactor` answering `offers` (those still open are shown). */
export function promptView(
  state: EncounterState,
  reactor: string,
  offers: readonly Offer[],
  options: PromptOptions,
): PromptView {
  const { i18n } = options;
  const ruleset = getRuleset(state.ruleset);
  const asked = new Set(offers.map((o) => o.id));
  const available = openReactions(state, reactor).filter((r) => asked.has(r.offer.id));
  const choices = available.map(({ reaction, offer, refusal }): PromptChoiceView => {
    const label = i18n.localize(`TEMPO.Reaction.${reaction.id}`);
    // A reaction paid in no points says what it spends instead (segments' Immediate Attack: the major action).
    const note = reactionCostNote(reaction.id);
    const cost =
      note !== null
        ? i18n.localize(note)
        : costText(
            ruleset.reactions[reaction.id]?.cost ?? reaction.cost,
            i18n,
            ruleset.pools.map((p) => p.id),
          );
    const against = nameOf(state, offer.against);
    const reason = refusal ? refusalText(refusal, i18n) : "";
    return {
      offerId: offer.id,
      reaction: reaction.id,
      label,
      cost,
      against,
      disabled: refusal !== null,
      reason,
      hasReason: refusal !== null,
      reasonId: `tempo-prompt-${reactor}-why-${offer.id}`,
      // A reaction with no cost (marching's) is named without an empty cost.
      ariaLabel: i18n.format(
        note !== null
          ? "TEMPO.Prompt.ChoiceAriaNote"
          : cost === ""
            ? "TEMPO.Prompt.ChoiceAriaFree"
            : "TEMPO.Prompt.ChoiceAria",
        {
          reaction: label,
          cost,
          against,
        },
      ),
      cssClass: refusal ? "tempo-prompt__choice tempo-prompt__choice--disabled" : "tempo-prompt__choice",
      autofocus: false,
    };
  });
  const first = choices.find((c) => !c.disabled);
  if (first) first.autofocus = true;
  const total = Math.max(1, options.total);
  const seconds = Math.max(0, Math.min(total, Math.ceil(options.seconds)));
  const percent = Math.round((seconds / total) * 100);
  const name = nameOf(state, reactor);
  const mirror = typeof options.mirrorOf === "string" && options.mirrorOf !== "";
  return {
    reactor,
    title: i18n.format("TEMPO.Prompt.Title", { name }),
    prompt: triggerText(state, offers, i18n),
    choices,
    hasChoices: choices.length > 0,
    decline: {
      label: i18n.localize("TEMPO.Prompt.Decline"),
      ariaLabel: i18n.format("TEMPO.Prompt.DeclineAria", { name }),
      autofocus: first === undefined,
    },
    countdown: {
      seconds,
      text:
        options.expired === true
          ? i18n.format("TEMPO.Prompt.TimedOut", { name })
          : i18n.format(options.paused ? "TEMPO.Prompt.Paused" : "TEMPO.Prompt.Seconds", { seconds }),
      barStyle: `width: ${percent}%`,
      ariaLabel: i18n.format("TEMPO.Prompt.CountdownAria", { seconds }),
      paused: options.paused,
      toggleLabel: i18n.localize(options.paused ? "TEMPO.Prompt.Resume" : "TEMPO.Prompt.Pause"),
      toggleAction: options.paused ? "tempoResumeCountdown" : "tempoPauseCountdown",
    },
    mirror,
    mirrorNote: mirror ? i18n.format("TEMPO.Prompt.Mirror", { player: options.mirrorOf ?? "" }) : "",
    cssClass: `tempo tempo-prompt${options.paused ? " tempo-prompt--paused" : ""}${mirror ? " tempo-prompt--mirror" : ""}`,
  };
}

/**
 * A countdown that can be paused, counted in milliseconds by whoever ticks it (a browser
 * interval in Foundry, fake time in tests). It calls `expire` once when it runs out.
 */
export class Countdown {
  private left: number;
  private stopped = false;
  private done = false;
  /** Paused by `hold`, not by hand: `release` runs it on. */
  private held = false;
  constructor(
    readonly totalMs: number,
    private readonly expire: () => void,
  ) {
    this.left = totalMs;
  }
  get remainingMs(): number {
    return this.left;
  }
  get seconds(): number {
    return Math.ceil(this.left / 1000);
  }
  get paused(): boolean {
    return this.stopped;
  }
  get expired(): boolean {
    return this.done;
  }
  pause(): void {
    this.stopped = true;
  }
  resume(): void {
    this.stopped = false;
    this.held = false;
  }
  /**
   * Stop the clock while the reactor is asked something else (the playground's "Decline every
   * reaction?"): time does not run out on a question. A countdown already paused by hand is left
   * as it is, and stays paused after `release`.
   */
  hold(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.held = true;
  }
  /** The question is answered: a countdown `hold` stopped runs on; one paused by hand stays paused. */
  release(): void {
    if (!this.held) return;
    this.held = false;
    this.stopped = false;
  }
  /** Time passed; returns true when this tick made it run out. */
  tick(ms: number): boolean {
    if (this.stopped || this.done) return false;
    this.left = Math.max(0, this.left - ms);
    if (this.left > 0) return false;
    this.done = true;
    this.expire();
    return true;
  }
  /** Answered or closed: it will not expire any more. */
  finish(): void {
    this.done = true;
  }
}
