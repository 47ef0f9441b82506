/**
 * Chat cards for what a command did: attacks and their outcome, reactions taken or declined, the
 * checks rolled, the pools spent and gained, a move held or stopped, and buttons where a follow-up
 * is possible ("Roll damage" after a hit, "React" while an offer is open). Pure: engine state and
 * the command's events in, a view model out; templates/chat/card.hbs shows it. The dice themselves
 * travel as real Foundry Rolls in the message's `rolls` (src/foundry/hooks/chat.ts).
 */
import type { Command, EncounterState, EngineEvent } from "../engine";
import type { Localizer } from "./sheet";

export interface ChatEntry {
  command: Command;
  events: readonly EngineEvent[];
}

export interface ChatLineView {
  text: string;
  cssClass: string;
}

export interface ChatButtonView {
  action: string;
  label: string;
  ariaLabel: string;
  who: string;
  target: string;
  multiplier: number;
}

export interface ChatCardView {
  title: string;
  subtitle: string;
  hasSubtitle: boolean;
  /** Checks rolled: "Snag rolls 34 against 55: Hard success". */
  rolls: ChatLineView[];
  hasRolls: boolean;
  /** The outcome of the attack or reaction, if any. */
  outcome: ChatLineView[];
  hasOutcome: boolean;
  pools: ChatLineView[];
  hasPools: boolean;
  notes: ChatLineView[];
  hasNotes: boolean;
  buttons: ChatButtonView[];
  hasButtons: boolean;
  cssClass: string;
}

/** Events that make a command worth a card of its own. */
const CARD_EVENTS: readonly string[] = [
  "checkRolled",
  "attackResolved",
  "reactionResolved",
  "reactionDeclined",
  "reactionOffered",
  "movePaused",
  "moveStopped",
  "tumbled",
];

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const num = (v: unknown): number => (typeof v === "number" ? v : 0);

function nameOf(state: EncounterState, id: unknown): string {
  const key = str(id);
  return state.combatants[key]?.name ?? key;
}

/** Success levels of the rulesets' checks (flow's "Hard success", "Critical failure" ...). */
const LEVELS: Readonly<Record<string, string>> = {
  critFail: "TEMPO.Chat.Level.critFail",
  fail: "TEMPO.Chat.Level.fail",
  normal: "TEMPO.Chat.Level.normal",
  hard: "TEMPO.Chat.Level.hard",
  major: "TEMPO.Chat.Level.major",
  critical: "TEMPO.Chat.Level.critical",
};

function levelText(level: unknown, i18n: Localizer): string {
  const key = LEVELS[str(level)];
  return key ? i18n.localize(key) : str(level);
}

function reactionLabel(id: unknown, i18n: Localizer): string {
  return i18n.localize(`TEMPO.Reaction.${str(id)}`);
}

function title(
  entry: ChatEntry,
  state: EncounterState,
  i18n: Localizer,
): { title: string; subtitle: string } {
  const c = entry.command;
  switch (c.type) {
    case "act": {
      const action = i18n.localize(`TEMPO.Action.${c.action}`);
      return {
        title: i18n.format("TEMPO.Chat.Acts", { name: nameOf(state, c.who), action }),
        subtitle: c.target ? i18n.format("TEMPO.Chat.Against", { target: nameOf(state, c.target) }) : "",
      };
    }
    case "react":
      return c.with === "decline"
        ? { title: i18n.format("TEMPO.Chat.Declines", { name: nameOf(state, c.who) }), subtitle: "" }
        : {
            title: i18n.format("TEMPO.Chat.Reacts", {
              name: nameOf(state, c.who),
              reaction: reactionLabel(c.with, i18n),
            }),
            subtitle: c.against
              ? i18n.format("TEMPO.Chat.Against", { target: nameOf(state, c.against) })
              : "",
          };
    case "move":
      return { title: i18n.format("TEMPO.Chat.Moves", { name: nameOf(state, c.who) }), subtitle: "" };
    default:
      return { title: i18n.localize(`TEMPO.Command.${c.type}`), subtitle: "" };
  }
}

function attackOutcome(e: EngineEvent, state: EncounterState, i18n: Localizer): ChatLineView {
  const attacker = nameOf(state, e["attacker"]);
  const target = nameOf(state, e["target"]);
  if (e["hit"] !== true) {
    if (typeof e["avoidedBy"] === "string")
      return {
        text: i18n.format("TEMPO.Chat.Avoided", {
          target: nameOf(state, e["reactor"] ?? e["target"]),
          reaction: reactionLabel(e["avoidedBy"], i18n),
        }),
        cssClass: "tempo-chat__outcome tempo-chat__outcome--miss",
      };
    return {
      text: i18n.format("TEMPO.Chat.Missed", { attacker, target }),
      cssClass: "tempo-chat__outcome tempo-chat__outcome--miss",
    };
  }
  const victim = nameOf(state, e["victim"] ?? e["target"]);
  const multiplier = num(e["multiplier"]) || 1;
  const key =
    e["killed"] === true ? "TEMPO.Chat.Killed" : multiplier > 1 ? "TEMPO.Chat.Crit" : "TEMPO.Chat.Hit";
  return {
    text: i18n.format(key, { attacker, victim, multiplier }),
    cssClass: `tempo-chat__outcome tempo-chat__outcome--${e["killed"] === true ? "kill" : multiplier > 1 ? "crit" : "hit"}`,
  };
}

/** The card for one accepted command, or null when nothing in it calls for one. */
export function chatCard(entry: ChatEntry, state: EncounterState, i18n: Localizer): ChatCardView | null {
  const worth =
    entry.command.type === "act" ||
    entry.command.type === "react" ||
    entry.events.some((e) => CARD_EVENTS.includes(e.type));
  if (!worth) return null;
  const head = title(entry, state, i18n);
  const rolls: ChatLineView[] = [];
  const outcome: ChatLineView[] = [];
  const pools: ChatLineView[] = [];
  const notes: ChatLineView[] = [];
  const buttons: ChatButtonView[] = [];
  const reacting = new Set<string>();
  for (const e of entry.events) {
    switch (e.type) {
      case "checkRolled":
        rolls.push({
          text: i18n.format("TEMPO.Chat.Check", {
            name: nameOf(state, e["who"]),
            roll: num(e["roll"]),
            skill: num(e["skill"]),
            level: levelText(e["level"], i18n),
          }),
          cssClass: `tempo-chat__roll tempo-chat__roll--${str(e["level"])}`,
        });
        break;
      case "attackResolved": {
        outcome.push(attackOutcome(e, state, i18n));
        if (e["hit"] === true) {
          const label = i18n.localize("TEMPO.Chat.RollDamage");
          buttons.push({
            action: "tempoRollDamage",
            label,
            ariaLabel: i18n.format("TEMPO.Chat.RollDamageAria", {
              attacker: nameOf(state, e["attacker"]),
              victim: nameOf(state, e["victim"] ?? e["target"]),
            }),
            who: str(e["attacker"]),
            target: str(e["victim"] ?? e["target"]),
            multiplier: num(e["multiplier"]) || 1,
          });
        }
        break;
      }
      case "reactionResolved":
        outcome.push({
          text: i18n.format(e["won"] === false ? "TEMPO.Chat.ReactionLost" : "TEMPO.Chat.ReactionWon", {
            name: nameOf(state, e["who"]),
            reaction: reactionLabel(e["with"], i18n),
          }),
          cssClass: `tempo-chat__outcome tempo-chat__outcome--${e["won"] === false ? "lost" : "won"}`,
        });
        break;
      case "reactionDeclined":
        notes.push({
          text: i18n.format("TEMPO.Chat.Declined", { name: nameOf(state, e["who"]) }),
          cssClass: "tempo-chat__note",
        });
        break;
      case "reactionOffered": {
        const who = str(e["who"]);
        notes.push({
          text: i18n.format("TEMPO.Chat.Offered", {
            name: nameOf(state, who),
            reaction: reactionLabel(e["with"], i18n),
          }),
          cssClass: "tempo-chat__note",
        });
        // "React" only while the offer is still open.
        if (!reacting.has(who) && state.offers.some((o) => o.id === e["offer"])) {
          reacting.add(who);
          const label = i18n.localize("TEMPO.Chat.React");
          buttons.push({
            action: "tempoReact",
            label,
            ariaLabel: i18n.format("TEMPO.Chat.ReactAria", { name: nameOf(state, who) }),
            who,
            target: str(e["against"]),
            multiplier: 0,
          });
        }
        break;
      }
      case "poolSpent":
      case "poolGained": {
        const amount = num(e["amount"]);
        if (amount === 0) break;
        pools.push({
          text: i18n.format(e.type === "poolSpent" ? "TEMPO.Chat.Spent" : "TEMPO.Chat.Gained", {
            name: nameOf(state, e["who"]),
            amount,
            pool: i18n.localize(`TEMPO.Pool.${str(e["pool"])}.Abbr`),
            value: num(e["value"]),
          }),
          cssClass: `tempo-chat__pool tempo-chat__pool--${e.type === "poolSpent" ? "spent" : "gained"}`,
        });
        break;
      }
      case "movePaused":
        notes.push({
          text: i18n.format("TEMPO.Chat.MovePaused", { name: nameOf(state, e["who"]) }),
          cssClass: "tempo-chat__note",
        });
        break;
      case "moveStopped":
        notes.push({
          text: i18n.format("TEMPO.Chat.MoveStopped", { name: nameOf(state, e["who"]) }),
          cssClass: "tempo-chat__note",
        });
        break;
      case "tumbled":
        outcome.push({
          text: i18n.format(e["success"] === true ? "TEMPO.Chat.TumbleWon" : "TEMPO.Chat.TumbleLost", {
            name: nameOf(state, e["who"]),
            target: nameOf(state, e["through"]),
          }),
          cssClass: `tempo-chat__outcome tempo-chat__outcome--${e["success"] === true ? "won" : "lost"}`,
        });
        break;
      default:
        break;
    }
  }
  return {
    title: head.title,
    subtitle: head.subtitle,
    hasSubtitle: head.subtitle !== "",
    rolls,
    hasRolls: rolls.length > 0,
    outcome,
    hasOutcome: outcome.length > 0,
    pools,
    hasPools: pools.length > 0,
    notes,
    hasNotes: notes.length > 0,
    buttons,
    hasButtons: buttons.length > 0,
    cssClass: `tempo tempo-chat tempo-chat--${entry.command.type}`,
  };
}

/** The damage formula for a hit: the weapon's, times the hit's multiplier (a crit's 2x or 3x). */
export function damageFormula(weaponDamage: string, multiplier: number): string {
  const m = Number.isInteger(multiplier) && multiplier > 1 ? multiplier : 1;
  return m === 1 ? weaponDamage : `(${weaponDamage}) * ${m}`;
}
