/**
 * Chat cards for what a command did: attacks and their outcome, reactions taken or declined, the
 * checks rolled, the pools spent and gained, a move held or stopped, and buttons where a follow-up
 * is possible ("Roll damage" after a hit, "React" while an offer is open). Pure: engine state and
 * the command's events in, a view model out; templates/chat/card.hbs shows it. The dice themselves
 * travel as real Foundry Rolls in the message's `rolls` (src/foundry/hooks/chat.ts).
 */
import type { Command, EncounterState, EngineEvent, Outcome } from "../engine";
import type { Localizer } from "./sheet";
import { combatantIn } from "../engine/record";

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
  "actionResolved",
];

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const num = (v: unknown): number => (typeof v === "number" ? v : 0);

function nameOf(state: EncounterState, id: unknown): string {
  const key = str(id);
  return combatantIn(state, key)?.name ?? key;
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

/** A reaction's name; rating answers with its secondary and special actions, named as actions. */
function reactionLabel(id: unknown, i18n: Localizer): string {
  const key = `TEMPO.Reaction.${str(id)}`;
  const label = i18n.localize(key);
  return label === key ? i18n.localize(`TEMPO.Action.${str(id)}`) : label;
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
            subtitle: (() => {
              // The command may leave out whom it answers; the engine's event names them.
              const against =
                c.against ?? entry.events.find((e) => e.type === "reactionResolved")?.["against"];
              return typeof against === "string"
                ? i18n.format("TEMPO.Chat.Against", { target: nameOf(state, against) })
                : "";
            })(),
          };
    case "move":
      return { title: i18n.format("TEMPO.Chat.Moves", { name: nameOf(state, c.who) }), subtitle: "" };
    default: {
      // Any other command names its combatant when it has one (delay, ready, seize, next ...).
      const command = i18n.localize(`TEMPO.Command.${c.type}`);
      return "who" in c
        ? {
            title: i18n.format("TEMPO.Chat.CommandBy", { name: nameOf(state, c.who), command }),
            subtitle: "",
          }
        : { title: command, subtitle: "" };
    }
  }
}

/**
 * The attack as every ruleset reports it. flow names the attacker `attacker` and says `hit`,
 * `killed` and `multiplier`; segments, phases and marching name it `who`, and phases and
 * segments say `hit` and an `outcome` ("kill"), marching only the `outcome` the table stipulated
 * (null: the text has no attack roll, the table settles it).
 */
interface AttackReport {
  attacker: string;
  target: string;
  /** null: no outcome given (marching's attack the table settles). */
  hit: boolean | null;
  killed: boolean;
  multiplier: number;
  avoidedBy: string | null;
  reactor: string;
  victim: string;
  roll: number | null;
  needed: number | null;
}

const HIT_OUTCOMES: readonly string[] = ["hit", "crit", "kill"];

export function attackReport(e: EngineEvent): AttackReport {
  const attacker = str(e["attacker"] ?? e["who"]);
  const target = str(e["target"]);
  const outcome = e["outcome"];
  const hit =
    typeof e["hit"] === "boolean"
      ? e["hit"]
      : typeof outcome === "string"
        ? HIT_OUTCOMES.includes(outcome)
        : null;
  return {
    attacker,
    target,
    hit,
    killed: e["killed"] === true || outcome === "kill",
    multiplier: num(e["multiplier"]) || 1,
    avoidedBy: typeof e["avoidedBy"] === "string" ? e["avoidedBy"] : null,
    reactor: str(e["reactor"] ?? e["target"]),
    victim: str(e["victim"] ?? e["target"]),
    roll: typeof e["roll"] === "number" ? e["roll"] : null,
    needed: typeof e["needed"] === "number" ? e["needed"] : null,
  };
}

function attackOutcome(a: AttackReport, state: EncounterState, i18n: Localizer): ChatLineView {
  const attacker = nameOf(state, a.attacker);
  const target = nameOf(state, a.target);
  if (a.hit === null)
    return {
      text: i18n.format("TEMPO.Chat.AttackOpen", { attacker, target }),
      cssClass: "tempo-chat__outcome tempo-chat__outcome--open",
    };
  if (!a.hit) {
    if (a.avoidedBy !== null)
      return {
        text: i18n.format("TEMPO.Chat.Avoided", {
          target: nameOf(state, a.reactor),
          attacker,
          reaction: reactionLabel(a.avoidedBy, i18n),
        }),
        cssClass: "tempo-chat__outcome tempo-chat__outcome--miss",
      };
    return {
      text: i18n.format("TEMPO.Chat.Missed", { attacker, target }),
      cssClass: "tempo-chat__outcome tempo-chat__outcome--miss",
    };
  }
  const victim = nameOf(state, a.victim);
  const key = a.killed ? "TEMPO.Chat.Killed" : a.multiplier > 1 ? "TEMPO.Chat.Crit" : "TEMPO.Chat.Hit";
  return {
    text: i18n.format(key, { attacker, victim, multiplier: a.multiplier }),
    cssClass: `tempo-chat__outcome tempo-chat__outcome--${a.killed ? "kill" : a.multiplier > 1 ? "crit" : "hit"}`,
  };
}

/** The outcome words the commands carry (`outcome: hit | miss | kill ...`), as the table reads them. */
const OUTCOME_LABELS = {
  hit: "TEMPO.Chat.Outcome.hit",
  crit: "TEMPO.Chat.Outcome.crit",
  miss: "TEMPO.Chat.Outcome.miss",
  kill: "TEMPO.Chat.Outcome.kill",
  success: "TEMPO.Chat.Outcome.success",
  fail: "TEMPO.Chat.Outcome.fail",
  critFail: "TEMPO.Chat.Outcome.critFail",
} as const satisfies Record<Outcome, string>;

function outcomeText(outcome: unknown, i18n: Localizer): string {
  const key =
    typeof outcome === "string" && outcome in OUTCOME_LABELS ? OUTCOME_LABELS[outcome as Outcome] : null;
  return i18n.localize(key ?? "TEMPO.Chat.Outcome.open");
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
        const a = attackReport(e);
        if (a.roll !== null && a.needed !== null)
          rolls.push({
            text: i18n.format("TEMPO.Chat.AttackRoll", {
              attacker: nameOf(state, a.attacker),
              target: nameOf(state, a.target),
              roll: a.roll,
              needed: a.needed,
            }),
            cssClass: `tempo-chat__roll tempo-chat__roll--${a.hit === true ? "hit" : "miss"}`,
          });
        outcome.push(attackOutcome(a, state, i18n));
        // flow's Intercept: the interceptor takes the attack meant for its ally.
        if (a.hit === true && a.victim !== a.target)
          notes.push({
            text: i18n.format("TEMPO.Chat.Intercepted", {
              victim: nameOf(state, a.victim),
              attacker: nameOf(state, a.attacker),
              target: nameOf(state, a.target),
            }),
            cssClass: "tempo-chat__note",
          });
        if (a.hit === true) {
          const label = i18n.localize("TEMPO.Chat.RollDamage");
          buttons.push({
            action: "tempoRollDamage",
            label,
            ariaLabel: i18n.format("TEMPO.Chat.RollDamageAria", {
              attacker: nameOf(state, a.attacker),
              victim: nameOf(state, a.victim),
            }),
            who: a.attacker,
            target: a.victim,
            multiplier: a.multiplier,
          });
        }
        break;
      }
      case "reactionResolved": {
        const name = nameOf(state, e["who"]);
        const reaction = reactionLabel(e["with"], i18n);
        const target = nameOf(state, e["against"]);
        // flow says whether the reaction won; rating and marching carry the stipulated outcome;
        // in phases and segments the reaction is an attack, whose attackResolved follows.
        if (typeof e["won"] === "boolean")
          outcome.push({
            text: i18n.format(e["won"] ? "TEMPO.Chat.ReactionWon" : "TEMPO.Chat.ReactionLost", {
              name,
              reaction,
              target,
            }),
            cssClass: `tempo-chat__outcome tempo-chat__outcome--${e["won"] ? "won" : "lost"}`,
          });
        else if ("outcome" in e)
          outcome.push({
            text: i18n.format("TEMPO.Chat.ReactionOutcome", {
              name,
              reaction,
              target,
              outcome: outcomeText(e["outcome"], i18n),
            }),
            cssClass: "tempo-chat__outcome",
          });
        else
          notes.push({
            text: i18n.format("TEMPO.Chat.ReactionTaken", { name, reaction, target }),
            cssClass: "tempo-chat__note",
          });
        break;
      }
      case "actionResolved":
        outcome.push({
          text: i18n.format(
            typeof e["target"] === "string"
              ? "TEMPO.Chat.ActionResolvedAgainst"
              : "TEMPO.Chat.ActionResolved",
            {
              name: nameOf(state, e["who"]),
              action:
                typeof e["action"] === "string"
                  ? i18n.localize(`TEMPO.Action.${e["action"]}`)
                  : i18n.localize("TEMPO.Command.act"),
              target: nameOf(state, e["target"]),
              outcome: outcomeText(e["outcome"], i18n),
            },
          ),
          cssClass: "tempo-chat__outcome",
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
            target: nameOf(state, e["against"]),
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
