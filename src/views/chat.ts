/**
 * Chat cards for what a command did: attacks and their outcome, reactions taken or declined, the
 * checks rolled, the pools spent and gained, a move held or stopped, and buttons where a follow-up
 * is possible ("Roll damage" after a hit, "React" while an offer is open). Pure: engine state and
 * the command's events in, a view model out; templates/chat/card.hbs shows it. The dice themselves
 * travel as real Foundry Rolls in the message's `rolls` (src/foundry/table/chat.ts).
 */
import type { Command, EncounterState, EngineEvent, Outcome } from "../engine";
import type { Localizer } from "./sheet";
import { combatantIn } from "../engine/record";
import { listText } from "./words";
import { moveLabel } from "./labels";

export interface ChatEntry {
  command: Command;
  events: readonly EngineEvent[];
  /**
   * The decline stood in for an answer that never came: the prompt's countdown ran out (Foundry's
   * reaction loop: a reply of null; the playground's prompt: its countdown). The card says time
   * ran out, not that the reactor chose to decline.
   */
  timedOut?: boolean;
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
  "initiativeRolled",
  "initiativeTieRolled",
  "luckContested",
  "groupInitiativeSet",
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
        ? {
            title: i18n.format(entry.timedOut === true ? "TEMPO.Chat.TimedOut" : "TEMPO.Chat.Declines", {
              name: nameOf(state, c.who),
            }),
            subtitle: "",
          }
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
      // A step or a tumble is logged by its own name ("Take a Step"), a plain move as moving.
      return moveLabel(state.ruleset, c.mode) === "TEMPO.Command.move"
        ? { title: i18n.format("TEMPO.Chat.Moves", { name: nameOf(state, c.who) }), subtitle: "" }
        : {
            title: i18n.format("TEMPO.Chat.CommandBy", {
              name: nameOf(state, c.who),
              command: i18n.localize(moveLabel(state.ruleset, c.mode)),
            }),
            subtitle: "",
          };
    case "next": {
      // segments: closing declarations rolls group initiative; the card is about that roll.
      const groups = entry.events.find((e) => e.type === "groupInitiativeSet");
      if (groups)
        return {
          title: i18n.format("TEMPO.Chat.GroupInitiative", { round: num(groups["round"]) }),
          subtitle: "",
        };
      return { title: i18n.localize("TEMPO.Command.next"), subtitle: "" };
    }
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
  /** phases: the attacker's OCV and the defender's DCV the roll was checked against. */
  ocv: number | null;
  dcv: number | null;
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
    ocv: typeof e["ocv"] === "number" ? e["ocv"] : null,
    dcv: typeof e["dcv"] === "number" ? e["dcv"] : null,
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

/** What a check was rolled for, where it is not the action or reaction of the same name. */
const PURPOSES: Readonly<Record<string, string>> = {
  meleeAttack: "TEMPO.Chat.Purpose.meleeAttack",
  rangedAttack: "TEMPO.Chat.Purpose.rangedAttack",
  tumbleThrough: "TEMPO.Chat.Purpose.tumbleThrough",
  breakFree: "TEMPO.Chat.Purpose.breakFree",
};

/**
 * Whether `who`'s attack in this command is ranged: flow uses the Ranged skill for an attack on a
 * target out of reach ("Attack: Melee or Ranged Skill Check"), and says so in the attack it
 * resolves, or in the attack it holds open while the defender may react.
 */
function rangedAttack(entry: ChatEntry, state: EncounterState, who: string): boolean {
  const resolved = entry.events.find((e) => e.type === "attackResolved" && str(e["attacker"]) === who);
  if (resolved) return resolved["melee"] === false;
  const held = state.pending.find((p) => p.kind === "attack" && p.data["attacker"] === who);
  return held?.data["melee"] === false;
}

function purposeText(purpose: string, ranged: boolean, i18n: Localizer): string {
  if (purpose === "attack") return i18n.localize(PURPOSES[ranged ? "rangedAttack" : "meleeAttack"] ?? "");
  const own = PURPOSES[purpose];
  if (own) return i18n.localize(own);
  // A purpose no action or reaction names comes back as its key: the line then names none.
  const label = reactionLabel(purpose, i18n);
  return label === `TEMPO.Action.${purpose}` ? "" : label;
}

/**
 * flow's roll-under d100 check: "Roll d100 ... equal to or under your skill", with Advantage
 * ("roll twice, take the better") or Disadvantage ("take the worse") named with both dice.
 */
function checkLine(e: EngineEvent, entry: ChatEntry, state: EncounterState, i18n: Localizer): ChatLineView {
  const who = str(e["who"]);
  const purpose = purposeText(str(e["purpose"]), rangedAttack(entry, state, who), i18n);
  const edge = str(e["edge"]);
  const dice = Array.isArray(e["rolls"]) ? e["rolls"].filter((r): r is number => typeof r === "number") : [];
  const data = {
    name: nameOf(state, who),
    roll: num(e["roll"]),
    skill: num(e["skill"]),
    level: levelText(e["level"], i18n),
    purpose,
    rolls: listText(dice.map(String), i18n),
  };
  const check = i18n.format(purpose === "" ? "TEMPO.Chat.Check.plain" : "TEMPO.Chat.Check.for", data);
  const text =
    edge === "advantage" || edge === "disadvantage"
      ? i18n.format("TEMPO.Chat.Check.withEdge", {
          check,
          edge: i18n.format(
            edge === "advantage" ? "TEMPO.Chat.Check.advantage" : "TEMPO.Chat.Check.disadvantage",
            data,
          ),
        })
      : check;
  return { text, cssClass: `tempo-chat__roll tempo-chat__roll--${str(e["level"])}` };
}

/**
 * An attack's die against what it needed, by the ruleset's own rule: phases rolls 3d6 and hits on
 * "10 plus the defender's DCV" or more, counting the attacker's OCV (the event's `needed` is the
 * dice total needed); segments rolls a d20 that hits on a natural 20, never on a natural 1, and
 * otherwise when it plus the Attack Bonus reaches the number needed.
 */
function attackRollLine(a: AttackReport, state: EncounterState, i18n: Localizer): ChatLineView | null {
  if (a.roll === null || a.hit === null) return null;
  const attacker = combatantIn(state, a.attacker);
  const data = {
    attacker: nameOf(state, a.attacker),
    target: nameOf(state, a.target),
    roll: a.roll,
    needed: a.needed ?? 0,
    result: i18n.localize(a.hit ? "TEMPO.Chat.Outcome.hit" : "TEMPO.Chat.Outcome.miss"),
  };
  const cssClass = `tempo-chat__roll tempo-chat__roll--${a.hit ? "hit" : "miss"}`;
  if (a.needed === null) return { text: i18n.format("TEMPO.Chat.AttackRoll.any", data), cssClass };
  if (state.ruleset === "phases") {
    // "rolls 3d6 and adds their OCV ... The target number is 10 plus the defender's DCV".
    if (a.ocv !== null && a.dcv !== null)
      return {
        text: i18n.format("TEMPO.Chat.AttackRoll.phasesCv", {
          ...data,
          ocv: a.ocv,
          dcv: a.dcv,
          total: a.roll + a.ocv,
          aim: 10 + a.dcv,
        }),
        cssClass,
      };
    return { text: i18n.format("TEMPO.Chat.AttackRoll.phases", data), cssClass };
  }
  if (state.ruleset === "segments") {
    const bonus = attacker?.stats["attackBonus"] ?? 0;
    const key =
      a.roll === 20
        ? "TEMPO.Chat.AttackRoll.natural20"
        : a.roll === 1
          ? "TEMPO.Chat.AttackRoll.natural1"
          : bonus === 0
            ? "TEMPO.Chat.AttackRoll.segments"
            : "TEMPO.Chat.AttackRoll.segmentsBonus";
    return { text: i18n.format(key, { ...data, bonus, total: a.roll + bonus }), cssClass };
  }
  return { text: i18n.format("TEMPO.Chat.AttackRoll.any", data), cssClass };
}

const ids = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : typeof v === "string" ? [v] : [];
const nums = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => typeof x === "number") : [];

/** "Grukk 4 and Snag 6": each contestant with their roll. */
function rollsText(
  who: readonly string[],
  rolls: readonly number[],
  state: EncounterState,
  i18n: Localizer,
): string {
  return listText(
    who.map((id, i) =>
      i18n.format("TEMPO.Chat.Initiative.NameRoll", { name: nameOf(state, id), roll: rolls[i] ?? 0 }),
    ),
    i18n,
  );
}

/** Who a roll-off puts first: the single highest roll, or nobody when the highest tie again. */
function firstOf(who: readonly string[], rolls: readonly number[]): string | null {
  const best = Math.max(...rolls);
  const top = who.filter((_, i) => rolls[i] === best);
  return top.length === 1 ? (top[0] ?? null) : null;
}

/**
 * Initiative in words, by what each ruleset rolls: flow's 1d10 + Agility and its d10 roll-off of
 * ties; rating's 1d6 + Initiative Rating (none when surprised, one die for an NPC group) and its
 * contested Luck rolls; phases' fixed Combat Value and its d6 tie-break; segments' d6 per side and
 * the HIGH and LOW groups it makes.
 */
function initiativeLines(e: EngineEvent, state: EncounterState, i18n: Localizer): ChatLineView[] {
  const line = (key: string, data: Readonly<Record<string, unknown>>): ChatLineView => ({
    text: i18n.format(key, data),
    cssClass: "tempo-chat__roll tempo-chat__roll--initiative",
  });
  switch (e.type) {
    case "initiativeRolled": {
      const who = str(e["who"]);
      const name = nameOf(state, who);
      const initiative = num(e["initiative"]);
      if (typeof e["side"] === "string") {
        const side = state.roster
          .map((id) => combatantIn(state, id))
          .filter((c) => c !== undefined && c.side === e["side"])
          .map((c) => c?.name ?? "");
        return [
          line("TEMPO.Chat.Initiative.Side", { name, roll: num(e["roll"]), side: listText(side, i18n) }),
        ];
      }
      if (typeof e["agility"] === "number")
        return [
          line("TEMPO.Chat.Initiative.Flow", { name, initiative, die: num(e["die"]), agility: e["agility"] }),
        ];
      if (typeof e["rating"] === "number") {
        const key =
          e["die"] === null
            ? "TEMPO.Chat.Initiative.Surprised"
            : e["sharedDie"] === true
              ? "TEMPO.Chat.Initiative.GroupDie"
              : "TEMPO.Chat.Initiative.Rating";
        return [line(key, { name, initiative, die: num(e["die"]), rating: e["rating"] })];
      }
      return [line("TEMPO.Chat.Initiative.Fixed", { name, initiative })];
    }
    case "initiativeTieRolled": {
      const who = ids(e["who"]);
      // phases: one event per tied character, each a d6; flow: one event for the roll-off, d10s.
      if (typeof e["roll"] === "number") {
        const initiative = combatantIn(state, who[0] ?? "")?.initiative ?? 0;
        return [
          line("TEMPO.Chat.Initiative.TieBreak", {
            name: nameOf(state, who[0] ?? ""),
            roll: e["roll"],
            initiative,
          }),
        ];
      }
      const rolls = nums(e["rolls"]);
      const first = firstOf(who, rolls);
      const tied = combatantIn(state, who[0] ?? "");
      const data = {
        names: listText(
          who.map((id) => nameOf(state, id)),
          i18n,
        ),
        initiative: tied?.initiative ?? 0,
        agility: tied?.stats["agility"] ?? 0,
        rolls: rollsText(who, rolls, state, i18n),
        first: first === null ? "" : nameOf(state, first),
      };
      return [
        line(first === null ? "TEMPO.Chat.Initiative.RollOffAgain" : "TEMPO.Chat.Initiative.RollOff", data),
      ];
    }
    case "luckContested": {
      const who = ids(e["who"]);
      const totals = nums(e["totals"]);
      const first = firstOf(who, totals);
      const data = {
        names: listText(
          who.map((id) => nameOf(state, id)),
          i18n,
        ),
        rolls: rollsText(who, totals, state, i18n),
        first: first === null ? "" : nameOf(state, first),
      };
      return [line(first === null ? "TEMPO.Chat.Initiative.LuckAgain" : "TEMPO.Chat.Initiative.Luck", data)];
    }
    case "groupInitiativeSet": {
      // segments: "The group with the highest roll acts first during HIGH ... If TIED, both groups act during HIGH".
      const rolls =
        typeof e["rolls"] === "object" && e["rolls"] !== null && !Array.isArray(e["rolls"]) ? e["rolls"] : {};
      const groups =
        typeof e["groups"] === "object" && e["groups"] !== null && !Array.isArray(e["groups"])
          ? e["groups"]
          : {};
      const sideText = (side: string): string => {
        const roller = state.roster.map((id) => combatantIn(state, id)).find((c) => c?.side === side);
        const roll = rolls[side];
        return typeof roll === "number"
          ? i18n.format("TEMPO.Chat.Initiative.SideRolled", { name: roller?.name ?? side, roll })
          : i18n.format("TEMPO.Chat.Initiative.SideNoRoll", { name: roller?.name ?? side });
      };
      const high = Object.keys(groups)
        .filter((side) => groups[side] === "high")
        .map(sideText);
      const low = Object.keys(groups)
        .filter((side) => groups[side] !== "high")
        .map(sideText);
      return [
        line(low.length === 0 ? "TEMPO.Chat.Initiative.GroupsTied" : "TEMPO.Chat.Initiative.Groups", {
          high: listText(high, i18n),
          low: listText(low, i18n),
        }),
      ];
    }
    default:
      return [];
  }
}

/**
 * Points a rule takes away rather than a combatant spends, worded as a loss with its rule: flow's
 * "FP decay: Lose 1 FP (unless Flow State was used)" at the end of a turn.
 */
const LOSSES: Readonly<Record<string, string>> = {
  fpDecay: "TEMPO.Chat.Lost.fpDecay",
};

const isLoss = (e: EngineEvent): boolean =>
  e.type === "poolSpent" && typeof e["reason"] === "string" && e["reason"] in LOSSES;

/** The card for one accepted command, or null when nothing in it calls for one. */
export function chatCard(entry: ChatEntry, state: EncounterState, i18n: Localizer): ChatCardView | null {
  const worth =
    entry.command.type === "act" ||
    entry.command.type === "react" ||
    entry.events.some((e) => CARD_EVENTS.includes(e.type) || isLoss(e));
  if (!worth) return null;
  const head = title(entry, state, i18n);
  const rolls: ChatLineView[] = [];
  const outcome: ChatLineView[] = [];
  const pools: ChatLineView[] = [];
  const notes: ChatLineView[] = [];
  const buttons: ChatButtonView[] = [];
  const reacting = new Map<string, { against: string; reactions: string[] }>();
  for (const e of entry.events) {
    switch (e.type) {
      case "checkRolled":
        rolls.push(checkLine(e, entry, state, i18n));
        break;
      case "initiativeRolled":
      case "initiativeTieRolled":
      case "luckContested":
      case "groupInitiativeSet":
        rolls.push(...initiativeLines(e, state, i18n));
        break;
      case "attackResolved": {
        const a = attackReport(e);
        const roll = attackRollLine(a, state, i18n);
        if (roll) rolls.push(roll);
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
          text: i18n.format(entry.timedOut === true ? "TEMPO.Chat.DeclinedTimeout" : "TEMPO.Chat.Declined", {
            name: nameOf(state, e["who"]),
          }),
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
        // "React" only while the offer is still open; one button per reactor, naming its reactions.
        if (state.offers.some((o) => o.id === e["offer"])) {
          const open = reacting.get(who) ?? { against: str(e["against"]), reactions: [] };
          const reaction = reactionLabel(e["with"], i18n);
          if (!open.reactions.includes(reaction)) open.reactions.push(reaction);
          reacting.set(who, open);
        }
        break;
      }
      case "poolSpent":
      case "poolGained": {
        const amount = num(e["amount"]);
        if (amount === 0) break;
        const loss = isLoss(e) ? LOSSES[str(e["reason"])] : undefined;
        pools.push({
          text: i18n.format(loss ?? (e.type === "poolSpent" ? "TEMPO.Chat.Spent" : "TEMPO.Chat.Gained"), {
            name: nameOf(state, e["who"]),
            amount,
            pool: i18n.localize(`TEMPO.Pool.${str(e["pool"])}.Abbr`),
            value: num(e["value"]),
          }),
          cssClass: `tempo-chat__pool tempo-chat__pool--${e.type === "poolSpent" ? (loss ? "lost" : "spent") : "gained"}`,
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
  for (const [who, open] of reacting) {
    const name = nameOf(state, who);
    const reactions = listText(open.reactions, i18n, "disjunction");
    buttons.push({
      action: "tempoReact",
      label: i18n.format("TEMPO.Chat.React", { name, reactions }),
      ariaLabel: i18n.format("TEMPO.Chat.ReactAria", {
        name,
        reactions,
        target: nameOf(state, open.against),
      }),
      who,
      target: open.against,
      multiplier: 0,
    });
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
