/**
 * The GM's reaction loop: ask every open offer, collect the answers, apply them in initiative
 * order, until no offer is open. Written against a host (ReactionHost), so the loop is tested
 * without Foundry; table/reactions.ts is the Foundry host.
 */
import { type Command, type EncounterState, type Refusal } from "../../engine";
import {
  type Collected,
  type ReactionAsk,
  type Sent,
  asksFor,
  checkAnswer,
  collect,
  declineOf,
} from "./asks";
import { unseenDeclines } from "./sight";

// ---------------------------------------------------------------------------------------------
// The GM's loop: ask, collect, apply in initiative order, until no offer is open
// ---------------------------------------------------------------------------------------------

/** What the loop needs from its host (Foundry on the GM's client; scripted data in tests). */
export interface ReactionHost {
  combatId: string;
  gmId: string;
  /** The current state, or null when the combat is gone. */
  read(): EncounterState | null;
  /**
   * Apply commands as the given user (the GM's write; one at a time). `how` says why a decline
   * was written for the user ("timeout": the countdown ran out), so the chat card can say so.
   */
  write(
    commands: Command[],
    userId: string | null,
    how?: Collected["how"],
  ): Promise<{ ok: boolean; refusal: Refusal | null }>;
  /** Send an ask to the user who answers for its reactor. */
  send(ask: ReactionAsk): Sent;
  owns(userId: string, combatantId: string): boolean;
  /** Does this reactor see that mover? */
  sees(reactor: string, mover: string): boolean;
  seconds: number;
  nextId(): string;
  /** An answer was refused (late, duplicate, forged, or no longer affordable). */
  refused?(collected: Collected, refusal: Refusal): void;
  /** The state after each write, e.g. to move tokens to where the engine put them. */
  settled?(state: EncounterState): Promise<void>;
  /**
   * Is this client still the one that writes? A client that stops being the writer (a GM
   * handover) stops asking and writing at once: the new writer asks the open offers again.
   */
  active?(): boolean;
}

export interface LoopReport {
  rounds: number;
  applied: Command[];
  refused: { ask: ReactionAsk; refusal: Refusal }[];
  collected: Collected[];
}

/** A loop that keeps finding offers it cannot close is a bug; stop rather than ask forever. */
export const MAX_ASK_ROUNDS = 50;

export async function resolveReactions(host: ReactionHost): Promise<LoopReport> {
  const report: LoopReport = { rounds: 0, applied: [], refused: [], collected: [] };
  const active = () => host.active?.() ?? true;
  for (let round = 0; round < MAX_ASK_ROUNDS; round += 1) {
    if (!active()) break;
    let state = host.read();
    if (!state || state.status !== "active" || state.offers.length === 0) break;
    report.rounds += 1;
    // Reactors who cannot see a mover decline at once, before anyone is asked.
    const blind = unseenDeclines(state, host.sees);
    if (blind.length > 0) {
      for (const command of blind) {
        const result = await host.write([command], host.gmId);
        if (result.ok) report.applied.push(command);
      }
      state = host.read();
      if (state) await host.settled?.(state);
      continue;
    }
    await host.settled?.(state);
    const asks = asksFor(state, host.combatId, host.seconds, () => host.nextId());
    const collected = await collect(
      asks.map((ask) => host.send(ask)),
      host.gmId,
    );
    report.collected.push(...collected);
    if (!active()) break;
    // Answers are applied in initiative order (asksFor already sorted them), each checked
    // against the state as it is when its turn comes: an earlier answer may have closed it.
    let wrote = false;
    for (const item of collected) {
      const now = host.read();
      if (!now || !active()) return report;
      const verdict = checkAnswer(now, item.ask, item.answer, item.answeredBy, host.owns);
      if (!verdict.ok) {
        report.refused.push({ ask: item.ask, refusal: verdict.refusal });
        host.refused?.(item, verdict.refusal);
        continue;
      }
      for (const command of verdict.commands) {
        const result = await host.write([command], item.answeredBy, item.how);
        if (result.ok) {
          report.applied.push(command);
          wrote = true;
        } else if (result.refusal) {
          report.refused.push({ ask: item.ask, refusal: result.refusal });
          host.refused?.(item, result.refusal);
        }
      }
    }
    const after = host.read();
    if (after) await host.settled?.(after);
    // Nothing changed although offers are open (every answer refused): decline what is left for
    // the asked so the table is never stuck waiting.
    if (!wrote && after && after.offers.length > 0 && active()) {
      for (const ask of asks) {
        const fallback = checkAnswer(after, ask, declineOf(ask), host.gmId, () => true);
        if (!fallback.ok) continue;
        for (const command of fallback.commands) {
          const result = await host.write([command], host.gmId);
          if (result.ok) report.applied.push(command);
        }
      }
    }
  }
  return report;
}
