/**
 * The command channel: one writer. Every command goes to the active GM's client, which applies
 * it with the engine (rolling real dice as asked), and writes the result in ONE Combat update, so
 * every transition is atomic and every client sees the same state (DESIGN: "only the active GM's
 * client writes it, one update per command").
 *
 *   submit(combat, command): Promise<CommandAnswer>
 *     on the active GM's client: applies and writes;
 *     on any other client: game.users.activeGM.query("tempo.command", { combatId, command, userId })
 *     and shows the refusal, if any, as a warning.
 *
 * Trust model. Foundry's query handler is not told who sent a query (FOUNDRY-NOTES), so the
 * `userId` in the payload is the sender's word. The GM's client checks that this user owns the
 * acting combatant's actor and refuses GM-only commands from players; this stops honest mistakes
 * (a player clicking a control for someone else's token, a macro naming the wrong combatant) but
 * not a player who edits their client to claim another user's id. That is the same trust Foundry
 * itself places in a player's client for anything a module or macro can run there; Tempo does not
 * claim more. Every accepted command is logged with the claimed user id, so the GM can see it.
 *
 * Events: after a write, every client announces the accepted commands' engine events as hooks
 * (see `announce`): Hooks.callAll("tempo.<eventType>", event, context) for each event, then
 * callHook("tempo.commandApplied", context). context = { combat, command, events, userId }.
 */
import { getRuleset, type Command, type EncounterState, type EngineEvent, type Refusal } from "../engine";
import type { CombatModel } from "./data/combat";
import { applyWithDice, foundryRoller, type DieRoller, type RolledDie } from "./dice";
import {
  combatUpdateData,
  combatWrite,
  initiativeUpdates,
  parsedJson,
  isEncounterState,
  permission,
  readLog,
  type CombatWrite,
  type LastWrite,
  type LogEntry,
} from "./documents/sync";

export const COMMAND_QUERY = "tempo.command";
/** How long a player's client waits for the GM's answer (applying and rolling, not a prompt). */
export const COMMAND_TIMEOUT_MS = 30_000;

/** What a command's sender gets back. */
export interface CommandAnswer {
  ok: boolean;
  refusal: Refusal | null;
}

/** What a player's client sends the GM. */
export interface CommandRequest {
  combatId: string;
  command: Command;
  userId: string;
}

export function isCommandRequest(value: unknown): value is CommandRequest {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const command = v["command"];
  return (
    typeof v["combatId"] === "string" &&
    typeof v["userId"] === "string" &&
    typeof command === "object" &&
    command !== null &&
    typeof (command as Record<string, unknown>)["type"] === "string"
  );
}

export function isCommandAnswer(value: unknown): value is CommandAnswer {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const refusal = v["refusal"];
  return (
    typeof v["ok"] === "boolean" &&
    (refusal === null ||
      (typeof refusal === "object" && typeof (refusal as Record<string, unknown>)["key"] === "string"))
  );
}

export const ACCEPTED: CommandAnswer = { ok: true, refusal: null };

export function refused(key: string, data: Refusal["data"] = {}): CommandAnswer {
  return { ok: false, refusal: { key, data } };
}

/** What the GM's client reads from a Combat before applying commands. */
export interface StoredCombat {
  state: EncounterState;
  initial: EncounterState;
  log: LogEntry[];
  seq: number;
  /** The combat's combatant ids, in any order (the turn index is computed against them). */
  ids: string[];
}

/** Read a combat's stored encounter; null if it has not started (or the data is unusable). */
export function readStored(
  system: {
    state: unknown;
    initial: unknown;
    log: unknown;
    seq: number;
  },
  ids: readonly string[],
): StoredCombat | null {
  const state = parsedJson(system.state);
  const initial = parsedJson(system.initial);
  const log = readLog(system.log);
  if (!isEncounterState(state) || !isEncounterState(initial) || log === null) return null;
  return { state, initial, log, seq: system.seq, ids: [...ids] };
}

export type Decision =
  | { ok: true; write: CombatWrite; dice: RolledDie[]; events: EngineEvent[] }
  | { ok: false; refusal: Refusal };

/**
 * Apply commands one after another to a stored combat; all are accepted or nothing is written.
 * `more(state)` may ask for another command after each one (nextRound keeps pressing `next`
 * until the round changes); it is asked at most `limit` times, a guard against a loop that never
 * ends, generous enough for any round: a hundred presses per combatant, plus a hundred.
 */
export async function decide(
  stored: StoredCombat,
  commands: readonly Command[],
  roll: DieRoller,
  userId: string | null,
  more?: (state: EncounterState, applied: number) => Command | null,
  limit = 100 * (stored.state.roster.length + 1),
): Promise<Decision> {
  const ruleset = getRuleset(stored.state.ruleset);
  let state = stored.state;
  const log = [...stored.log];
  const entries: LastWrite["entries"] = [];
  const dice: RolledDie[] = [];
  const queue = [...commands];
  let asked = 0;
  for (;;) {
    let command = queue.shift();
    if (command === undefined && more && asked < limit) {
      asked += 1;
      command = more(state, entries.length) ?? undefined;
    }
    if (command === undefined) break;
    const { result, dice: used } = await applyWithDice(state, command, ruleset, roll);
    if (!result.ok) return { ok: false, refusal: result.refusal };
    state = result.state;
    dice.push(...used);
    log.push({ command, dice: used.map((d) => d.value), userId });
    entries.push({ command, events: result.events, userId });
  }
  if (entries.length === 0) return { ok: false, refusal: { key: "TEMPO.Refusal.NothingToDo", data: {} } };
  const write = combatWrite(
    state,
    stored.initial,
    log,
    { entries, rewound: false },
    stored.seq + entries.length,
    stored.ids,
  );
  return { ok: true, write, dice, events: entries.flatMap((e) => e.events) };
}

/**
 * GM commands run one at a time: each reads the state the previous one wrote. Two players'
 * commands arriving together would otherwise both start from the same state and the second
 * write would drop the first.
 */
let queue: Promise<unknown> = Promise.resolve();
export function serialized<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

// ---------------------------------------------------------------------------------------------
// Foundry side. Nothing below runs at import time, so tests import this module without Foundry.
// ---------------------------------------------------------------------------------------------

/** A combat's Tempo data, or null for a combat of another type. */
export function combatSystem(combat: Combat.Implementation): CombatModel | null {
  const system: unknown = combat.system;
  return isCombatModel(system) ? system : null;
}

/**
 * Whether a combat's system data is Tempo's CombatModel. Checked by its fields rather than with
 * `instanceof`, so this module imports without Foundry (the tests import it).
 */
function isCombatModel(system: unknown): system is CombatModel {
  return (
    typeof system === "object" && system !== null && "state" in system && "log" in system && "seq" in system
  );
}

/** Whether a combat document is a TempoCombat (game.combats.get gives the base type). */
export function isTempoCombat(combat: unknown): combat is Combat.Implementation {
  return typeof combat === "object" && combat !== null && "encounter" in combat && "stored" in combat;
}

/** The names a combat's combatant has, for refusals and chat. */
function combatantName(combat: Combat.Implementation, id: string): string {
  return combat.combatants.get(id)?.name ?? id;
}

/** Show a refusal to this client's user. */
export function showRefusal(refusal: Refusal): void {
  const text = game.i18n?.format(refusal.key, stringData(refusal.data)) ?? refusal.key;
  ui.notifications?.warn(text);
}

function stringData(data: Refusal["data"]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(data)) out[k] = typeof v === "string" ? v : JSON.stringify(v);
  return out;
}

/** Is this client the one that writes (the active GM)? */
export function isWriter(): boolean {
  const user = game.user;
  return !!user && !!game.users?.activeGM && game.users.activeGM.id === user.id;
}

/** Labels for the chat flavour of a command's dice. */
const COMMAND_LABELS = {
  start: "TEMPO.Command.start",
  next: "TEMPO.Command.next",
  endTurn: "TEMPO.Command.endTurn",
  move: "TEMPO.Command.move",
  act: "TEMPO.Command.act",
  react: "TEMPO.Command.react",
  declare: "TEMPO.Command.declare",
  choose: "TEMPO.Command.choose",
  delay: "TEMPO.Command.delay",
  ready: "TEMPO.Command.ready",
  abort: "TEMPO.Command.abort",
  seize: "TEMPO.Command.seize",
  apply: "TEMPO.Command.apply",
  removeCondition: "TEMPO.Command.removeCondition",
  adjustPool: "TEMPO.Command.adjustPool",
  setDefeated: "TEMPO.Command.setDefeated",
  setOption: "TEMPO.Command.setOption",
  addCombatant: "TEMPO.Command.addCombatant",
  removeCombatant: "TEMPO.Command.removeCombatant",
  place: "TEMPO.Command.place",
  end: "TEMPO.Command.end",
} as const satisfies Record<Command["type"], string>;

/**
 * Chat cards for a write (set by src/foundry/hooks/chat.ts): the HTML of the cards for the write's
 * entries, or null when none is called for. The card and the write's Rolls go in one message.
 */
export const chatCards: {
  render: ((combat: Combat.Implementation, entries: LastWrite["entries"]) => Promise<string | null>) | null;
} = { render: null };

/** Post the real Rolls a write used, so every die shows in chat (with the write's card, if any). */
async function postRolls(
  combat: Combat.Implementation,
  rolls: Roll[],
  entries: LastWrite["entries"],
): Promise<void> {
  const content = (await chatCards.render?.(combat, entries)) ?? null;
  if (rolls.length === 0 && content === null) return;
  const commands = entries.map((e) => e.command);
  const first = commands[0];
  const who = first && "who" in first ? combat.combatants.get(first.who) : undefined;
  const label = first ? (game.i18n?.localize(COMMAND_LABELS[first.type]) ?? first.type) : "";
  const flavor = game.i18n?.format("TEMPO.Dice.Flavor", { command: label, name: who?.name ?? "" }) ?? label;
  const speaker = ChatMessage.getSpeaker({ actor: who?.actor ?? null });
  await ChatMessage.create({ rolls, flavor, speaker, ...(content === null ? {} : { content }) });
}

/**
 * On the GM's client: apply and write. `stored` defaults to what the combat holds (startCombat
 * passes the encounter it just made).
 */
export function writeCommands(
  combat: Combat.Implementation,
  commands: readonly Command[],
  userId: string | null,
  options: { stored?: StoredCombat; more?: (state: EncounterState, applied: number) => Command | null } = {},
): Promise<CommandAnswer> {
  return serialized(async () => {
    const ids = combat.combatants.map((c) => c.id ?? "").filter((id) => id !== "");
    const system = combatSystem(combat);
    const stored = options.stored ?? (system ? readStored(system, ids) : null);
    if (!stored) return refused("TEMPO.Refusal.NotStarted");
    const rolls: Roll[] = [];
    const decision = await decide(stored, commands, foundryRoller(rolls), userId, options.more);
    if (!decision.ok) return { ok: false, refusal: decision.refusal };
    await combat.update(combatUpdateData(decision.write));
    await syncInitiative(combat, decision.write.system.state);
    await postRolls(combat, rolls, decision.write.system.last.entries);
    return ACCEPTED;
  });
}

/**
 * Combatant initiative mirrors the engine's, for Foundry's tracker and other modules. It is a
 * second, batched write, made only when an initiative changed (start, a combatant joining, a
 * re-roll); the encounter's state itself is always written in the one Combat update.
 */
async function syncInitiative(combat: Combat.Implementation, state: EncounterState): Promise<void> {
  const updates = initiativeUpdates(
    state,
    combat.combatants.map((c) => ({ id: c.id ?? "", initiative: c.initiative })),
  );
  if (updates.length > 0) await combat.updateEmbeddedDocuments("Combatant", updates);
}

/** Send a command: apply it here if this client writes, else ask the active GM. Refusals are shown. */
export async function submit(combat: Combat.Implementation, command: Command): Promise<CommandAnswer> {
  const answer = await send(combat, command);
  if (answer.refusal) showRefusal(answer.refusal);
  return answer;
}

async function send(combat: Combat.Implementation, command: Command): Promise<CommandAnswer> {
  const user = game.user;
  if (!user || !combat.id) return refused("TEMPO.Refusal.NotStarted");
  if (isWriter()) {
    const denied = permission(
      command,
      user,
      () => true,
      (id) => combatantName(combat, id),
    );
    if (denied) return { ok: false, refusal: denied };
    return writeCommands(combat, [command], user.id);
  }
  const gm = game.users?.activeGM;
  if (!gm) return refused("TEMPO.Refusal.NoActiveGM");
  const request: CommandRequest = { combatId: combat.id, command, userId: user.id };
  try {
    const answer: unknown = await gm.query(COMMAND_QUERY, request, { timeout: COMMAND_TIMEOUT_MS });
    return isCommandAnswer(answer) ? answer : refused("TEMPO.Refusal.GMDidNotAnswer");
  } catch {
    return refused("TEMPO.Refusal.GMDidNotAnswer");
  }
}

/** The GM's handler of "tempo.command" (registered in CONFIG.queries). */
export async function handleCommandQuery(data: unknown): Promise<CommandAnswer> {
  if (!isCommandRequest(data)) return refused("TEMPO.Refusal.BadRequest");
  if (!isWriter()) return refused("TEMPO.Refusal.NoActiveGM");
  const combat = game.combats?.get(data.combatId);
  const user = game.users?.get(data.userId);
  if (!isTempoCombat(combat) || !user) return refused("TEMPO.Refusal.BadRequest");
  const denied = permission(
    data.command,
    user,
    (id) => combat.combatants.get(id)?.actor?.testUserPermission(user, "OWNER") ?? false,
    (id) => combatantName(combat, id),
  );
  if (denied) return { ok: false, refusal: denied };
  return writeCommands(combat, [data.command], user.id);
}

/** The context every Tempo hook gets with an accepted command. */
export interface CommandContext {
  combat: Combat.Implementation;
  command: Command;
  events: EngineEvent[];
  userId: string | null;
}

/**
 * Hooks.callAll for Tempo's own hook names. The v13 types list only core hooks, and Tempo's names
 * are open-ended (`tempo.<eventType>`, rulesets add event types), so this is the one documented
 * interop point: the call itself is Foundry's public Hooks.callAll(hook, ...args).
 */
function callHook(hook: string, ...args: unknown[]): void {
  const hooks = Hooks as unknown as { callAll(hook: string, ...args: unknown[]): boolean };
  hooks.callAll(hook, ...args);
}

/** Announce a write's events on this client (called from every client's Combat#_onUpdate). */
export function announce(combat: Combat.Implementation, last: LastWrite): void {
  if (last.rewound) callHook("tempo.rewound", combat);
  for (const entry of last.entries) {
    const context: CommandContext = {
      combat,
      command: entry.command,
      events: entry.events,
      userId: entry.userId,
    };
    for (const event of entry.events) callHook(`tempo.${event.type}`, event, context);
    callHook("tempo.commandApplied", context);
  }
}
