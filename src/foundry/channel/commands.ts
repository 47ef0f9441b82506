/**
 * Commands on the channel:
 *
 * submit(combat, command): Promise<CommandAnswer>
 * on the active GM's client: applies and writes (channel/writer.ts);
 * on any other client: asks the active GM (askGM, query "tempo.command") and shows the
 * refusal, if any, as a warning.
 *
 * Also the heal query (a client asks the writer to check a combat) and the GM's combat controls:
 * any GM's client (an Assistant GM, a second GM) asks; the active GM's client, the one writer,
 * does it. QUERIES lists the channel's handlers for CONFIG.queries (src/tempo.ts).
 */
import { getRuleset, playerChoiceRefusal, type Command } from "../../engine";
import { permission } from "./permission";
import {
  COMMAND_QUERY,
  COMMAND_TIMEOUT_MS,
  type CommandAnswer,
  type CommandBody,
  isCommandBody,
  isRecord,
  refused,
} from "./answers";
import { answerRequest, askGM, handleConfirmQuery } from "./requests";
import { combatantName, showRefusal } from "./notices";
import { combatSystem, isTempoCombat } from "../store/stored";
import { isWriter, writeCommands } from "./writer";
import { CONFIRM_QUERY } from "./validation";

// ---------------------------------------------------------------------------------------------
// Commands on the channel.
// ---------------------------------------------------------------------------------------------

/** Send a command: apply it here if this client writes, else ask the active GM. Refusals are shown. */
export async function submit(combat: Combat.Implementation, command: Command): Promise<CommandAnswer> {
  const answer = combat.id
    ? await askGM(COMMAND_QUERY, { combatId: combat.id, command }, commandFrom)
    : refused("TEMPO.Refusal.NotStarted");
  if (answer.refusal) showRefusal(answer.refusal);
  return answer;
}

/**
 * The GM's check of a command from a known sender: a player commands only combatants whose actor
 * they own, never the GM's commands; then the command is applied and written.
 */
async function commandFrom(
  body: CommandBody,
  sender: User.Implementation,
  requestId: string,
): Promise<CommandAnswer> {
  const combat = game.combats?.get(body.combatId);
  if (!isTempoCombat(combat)) return refused("TEMPO.Refusal.BadRequest");
  const denied = permission(
    body.command,
    sender,
    (id) => combat.combatants.get(id)?.actor?.testUserPermission(sender, "OWNER") ?? false,
    (id) => combatantName(combat, id),
  );
  if (denied) return { ok: false, refusal: denied };
  // A player never decides a result, nor a cost or time the ruleset does not leave to the actor.
  const ruleset = combatSystem(combat)?.ruleset;
  if (!sender.isGM && ruleset) {
    const claimed = playerChoiceRefusal(body.command, getRuleset(ruleset));
    if (claimed) return { ok: false, refusal: claimed };
  }
  const userId = sender.id ?? "";
  return writeCommands(combat, [body.command], userId, { request: { id: requestId, sender: userId } });
}

/** The GM's handler of "tempo.command" (registered in CONFIG.queries). */
export const handleCommandQuery = answerRequest(COMMAND_QUERY, isCommandBody, commandFrom);

export const HEAL_QUERY = "tempo.heal";

/**
 * The active GM's handler of "tempo.heal": a client read a write whose state and log disagree, or
 * two writes decided from one `seq` (docs/foundry-internals.md, "Two writers"). The request proves nothing
 * and asks for nothing but a check: the GM's client checks its own copy (TempoCombat#heal) and
 * rebuilds the state only if it finds the disagreement itself.
 */
export async function handleHealQuery(data: unknown): Promise<{ checked: boolean }> {
  if (!isWriter() || !isRecord(data) || typeof data["combatId"] !== "string") return { checked: false };
  const combatId = data["combatId"];
  const combat: unknown = game.combats?.get(combatId);
  if (!isTempoCombat(combat)) return { checked: false };
  const heal = (combat as unknown as { heal?: unknown }).heal;
  if (typeof heal !== "function") return { checked: false };
  // At most one check pending per combat: every request that arrives while one runs shares it, so
  // a flood of requests costs the GM's client one check.
  let pending = healChecks.get(combatId);
  if (!pending) {
    pending = (heal as () => Promise<unknown>)
      .call(combat)
      .then(() => undefined)
      .finally(() => healChecks.delete(combatId));
    healChecks.set(combatId, pending);
  }
  await pending;
  return { checked: true };
}

/** The check each combat has pending on the GM's client (handleHealQuery). */
const healChecks = new Map<string, Promise<void>>();

/** Ask the active GM to check a combat (handleHealQuery); nothing when no GM is connected. */
export async function askHeal(combatId: string): Promise<void> {
  const gm = game.users?.activeGM;
  if (!gm) return;
  try {
    await gm.query(HEAL_QUERY as keyof CONFIG.Queries, { combatId }, { timeout: COMMAND_TIMEOUT_MS });
  } catch {
    // The GM's own client checks every write it reads as well.
  }
}

// ---------------------------------------------------------------------------------------------
// The GM's combat controls on the channel: any GM's client (an Assistant GM, a second GM) asks;
// the active GM's client, the one writer, does it.
// ---------------------------------------------------------------------------------------------

export const GM_CONTROL_QUERY = "tempo.gmControl";

/** The tracker's GM controls that are more than one command: start, next round, going back. */
export const GM_CONTROLS = ["start", "nextRound", "previousTurn", "previousRound"] as const;
export type GmControl = (typeof GM_CONTROLS)[number];

interface GmControlBody {
  combatId: string;
  control: GmControl;
}

function isGmControlBody(value: unknown): value is GmControlBody {
  return (
    isRecord(value) &&
    typeof value["combatId"] === "string" &&
    typeof value["control"] === "string" &&
    (GM_CONTROLS as readonly string[]).includes(value["control"]) &&
    Object.keys(value).length === 2
  );
}

/** A combat that runs GM controls on the writer's client (TempoCombat). */
interface GmControlled {
  runGmControl(control: GmControl, userId: string): Promise<CommandAnswer>;
}

function isGmControlled(combat: object): combat is GmControlled {
  return typeof (combat as Partial<GmControlled>).runGmControl === "function";
}

/** The GM name of a control in a refusal (the lang file's command labels). */
const CONTROL_COMMAND: Record<GmControl, string> = {
  start: "start",
  nextRound: "next",
  previousTurn: "turn",
  previousRound: "round",
};

/** The writer's check of a GM control from a known sender: any GM (Assistant or full) may. */
async function gmControlFrom(body: GmControlBody, sender: User.Implementation): Promise<CommandAnswer> {
  if (!sender.isGM) return refused("TEMPO.Refusal.GMOnly", { command: CONTROL_COMMAND[body.control] });
  const combat = game.combats?.get(body.combatId);
  if (!isTempoCombat(combat) || !isGmControlled(combat)) return refused("TEMPO.Refusal.BadRequest");
  return combat.runGmControl(body.control, sender.id ?? "");
}

/** The writer's handler of "tempo.gmControl" (registered in CONFIG.queries). */
export const handleGmControlQuery = answerRequest(GM_CONTROL_QUERY, isGmControlBody, gmControlFrom);

/**
 * A GM control pressed on this client: a player is refused here; a GM's client runs it if it is
 * the writer, else asks the writer on the channel. Refusals are shown.
 */
export async function gmControl(combat: Combat.Implementation, control: GmControl): Promise<CommandAnswer> {
  const answer = !game.user?.isGM
    ? refused("TEMPO.Refusal.GMOnly", { command: CONTROL_COMMAND[control] })
    : combat.id
      ? await askGM(GM_CONTROL_QUERY, { combatId: combat.id, control }, gmControlFrom)
      : refused("TEMPO.Refusal.NotStarted");
  if (answer.refusal) showRefusal(answer.refusal);
  return answer;
}

/** The channel's queries, registered in CONFIG.queries by src/tempo.ts. */
export const QUERIES = {
  [COMMAND_QUERY]: handleCommandQuery,
  [CONFIRM_QUERY]: handleConfirmQuery,
  [HEAL_QUERY]: handleHealQuery,
  [GM_CONTROL_QUERY]: handleGmControlQuery,
} as const;
