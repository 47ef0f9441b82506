/**
 * The authenticated channel from a player's client to the active GM's (docs/foundry-internals.md,
 * "Who sent a command"). Foundry does not tell a query handler who sent the query
 * (foundryvtt/foundryvtt#13418), so a request names the user it claims to come from and the GM's
 * client checks the claim before anything else: it asks that user's client, with a query the GM
 * addresses to that user ("tempo.confirm"), whether it has this very request in flight. Only the
 * claimed user's client can answer a query addressed to that user, and a client confirms only
 * requests it sent itself, by an unguessable request id and the request's exact content. A request
 * nobody confirms is refused (TEMPO.Refusal.Unattributed) and changes nothing. Every request a
 * player's client makes of the GM (commands, undo, GM controls) goes through askGM and is checked
 * by answerRequest; the GM keeps the answers of recent requests, so a retried request gets the
 * first answer back.
 */
import { worldMigrating, worldRefusal } from "../store/gate";
import {
  CONFIRM_QUERY,
  CONFIRM_TIMEOUT_MS,
  type ChannelRequest,
  type ConfirmRequest,
  REMEMBERED_REQUESTS,
  isChannelRequest,
  isConfirmRequest,
  newRequestId,
  requestJson,
  requestText,
} from "./validation";
import { COMMAND_TIMEOUT_MS, type CommandAnswer, isCommandAnswer, isRecord, refused } from "./answers";
import { isWriter } from "./writer";

/** This client's requests to the GM that have not been answered yet: id → requestText. */
const inFlight = new Map<string, string>();

/**
 * The handler of "tempo.confirm" on every client: true only for a request this client sent and
 * is still waiting on, with exactly this content. A request id is random and never shown to
 * other users, so another client cannot name one; the content check stops a replayed id from
 * carrying a different command.
 */
export async function handleConfirmQuery(data: unknown): Promise<{ confirmed: boolean }> {
  if (!isConfirmRequest(data)) return { confirmed: false };
  const text = inFlight.get(data.requestId);
  return { confirmed: text !== undefined && text === requestText(data.query, data.body) };
}

/** How the GM answers one kind of request once its sender is known. */
export type RequestHandler<T> = (
  body: T,
  sender: User.Implementation,
  requestId: string,
) => Promise<CommandAnswer>;

/**
 * Send a request to the active GM and wait for the answer. On the active GM's own client the
 * handler runs here with this client's user. A query that fails (a lost answer, a timeout) is
 * asked once more with the same request id, which the GM applies at most once.
 */
export async function askGM<T>(query: string, body: T, handle: RequestHandler<T>): Promise<CommandAnswer> {
  const user = game.user;
  const tooNew = worldRefusal();
  if (tooNew)
    return refused("TEMPO.Refusal.WorldTooNew", { world: tooNew.world, installed: tooNew.installed });
  if (!user) return refused("TEMPO.Refusal.NoActiveGM");
  // While the game is paused only the GM's commands go on: refused here as the GM would refuse it.
  if (pausedFor(user)) return refused("TEMPO.Refusal.GamePaused");
  const requestId = newRequestId();
  const text = requestText(query, body);
  // Refused here as the GM would refuse it: nothing unreadable is sent or applied.
  if (text === null) return refused("TEMPO.Refusal.BadRequest");
  if (isWriter())
    return worldMigrating() ? refused("TEMPO.Refusal.Migrating") : handle(body, user, requestId);
  const request: ChannelRequest = { requestId, claimedBy: user.id, body };
  inFlight.set(requestId, text);
  try {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const gm = game.users?.activeGM;
      if (!gm) return refused("TEMPO.Refusal.NoActiveGM");
      try {
        const answer: unknown = await gm.query(query as keyof CONFIG.Queries, request, {
          timeout: COMMAND_TIMEOUT_MS,
        });
        return isCommandAnswer(answer) ? answer : refused("TEMPO.Refusal.GMDidNotAnswer");
      } catch {
        // Asked again with the same id: the GM applies a request once and answers it again.
      }
    }
    return refused("TEMPO.Refusal.GMDidNotAnswer");
  } finally {
    inFlight.delete(requestId);
  }
}

/**
 * The paused game pauses Tempo: while `game.paused` (https://foundryvtt.com/api/v13/classes/foundry.Game.html#paused)
 * a player's requests are refused, a GM's applied. Core blocks only a player's own drag on its own
 * client; a request through the channel (a macro, a sheet) is stopped here, on the GM's client.
 */
function pausedFor(user: User.Implementation): boolean {
  return game.paused === true && !user.isGM;
}

/** Answers of requests the GM has handled (or is handling), by sender and request id. */
const answered = new Map<string, Promise<CommandAnswer>>();

function remember(key: string, answer: Promise<CommandAnswer>): void {
  answered.set(key, answer);
  while (answered.size > REMEMBERED_REQUESTS) {
    const oldest = answered.keys().next().value;
    if (oldest === undefined) break;
    answered.delete(oldest);
  }
}

/**
 * Who sent a request, proven: the claimed user's client confirms it has this very request in
 * flight. The GM's own client never asks itself by query (askGM runs the handler directly), so a
 * request claiming to come from this client's user is not attributed.
 */
async function attribute(query: string, request: ChannelRequest): Promise<User.Implementation | null> {
  const user = game.users?.get(request.claimedBy);
  if (!user || !user.active || user.id === game.user?.id) return null;
  const ask: ConfirmRequest = { requestId: request.requestId, query, body: request.body };
  try {
    const answer: unknown = await user.query(CONFIRM_QUERY as keyof CONFIG.Queries, ask, {
      timeout: CONFIRM_TIMEOUT_MS,
    });
    return isRecord(answer) && answer["confirmed"] === true ? user : null;
  } catch {
    return null;
  }
}

/**
 * The GM's side of a kind of request: a CONFIG.queries handler that refuses what is malformed or
 * too large, refuses what its claimed sender's client does not confirm, answers a request seen
 * before with its first answer, and hands the rest to `handle` with the proven sender.
 */
export function answerRequest<T>(
  query: string,
  isBody: (value: unknown) => value is T,
  handle: RequestHandler<T>,
): (data: unknown) => Promise<CommandAnswer> {
  return async (data) => {
    if (requestJson(data) === null) return refused("TEMPO.Refusal.BadRequest");
    if (!isChannelRequest(data) || !isBody(data.body)) return refused("TEMPO.Refusal.BadRequest");
    if (!isWriter()) return refused("TEMPO.Refusal.NoActiveGM");
    if (worldMigrating()) return refused("TEMPO.Refusal.Migrating");
    const body = data.body;
    const sender = await attribute(query, data);
    if (!sender) return refused("TEMPO.Refusal.Unattributed");
    if (pausedFor(sender)) return refused("TEMPO.Refusal.GamePaused");
    const key = `${sender.id}/${data.requestId}`;
    const seen = answered.get(key);
    if (seen) return seen;
    const answer = handle(body, sender, data.requestId).catch((error: unknown) => {
      console.error("Tempo: a request failed", error);
      return refused("TEMPO.Refusal.Internal");
    });
    remember(key, answer);
    return answer;
  };
}
