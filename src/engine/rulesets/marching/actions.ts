import { readOnlyContext, type Context } from "../../context";
import type { CommandOf, MoveMode } from "../../commands";
import { answerSeize } from "./seize";
import { combatant, requireAble, draftOf } from "../../core/combatants";
import { requireLegalPath, planPath, spatialIndexOf } from "../../core/movement";
import { walkPath, type SpatialIndex } from "../../grid";
import {
  closePending,
  decline,
  findOffer,
  findPending,
  offer,
  offersForTrigger,
  openPending,
  requireNoOpenOffers,
} from "../../core/offers";
import { markUsed, usedCount } from "../../core/usage";
import { withdrawOffers } from "../../core/offers";
import { refuse, RefusalError } from "../../refusal";
import type { ActionDef, MovePreview, ReactionDef, Ruleset } from "../../ruleset";
import type { Cell, CombatantState, EncounterState, Json } from "../../state";
import { clockOf, executed, requireAnnounced, stopClock, timed } from "./frantic";
import {
  requireActing,
  requireSlot,
  setTogether,
  slotUsed,
  surpriseModifiers,
  togetherOf,
  type Slot,
  useSlot,
} from "./setup";
import { standAt } from "../../core/place";

/** marching.txt: "On your turn, you may use your primary action, move action, and reaction". */
export const ACTIONS: Readonly<Record<string, ActionDef>> = {
  attack: { id: "attack", cost: null, kind: "primary", target: "enemy", limits: ["oncePerTurn"] },
  primary: { id: "primary", cost: null, kind: "primary", target: "none", limits: ["oncePerTurn"] },
  move: { id: "move", cost: null, kind: "move", target: "none", limits: ["oncePerTurn"] },
  // "If you miss all actions, you take Consider Options by default."
  considerOptions: {
    id: "considerOptions",
    cost: null,
    kind: "primary",
    target: "none",
    limits: ["oncePerTurn"],
  },
};

export const REACTIONS: Readonly<Record<string, ReactionDef>> = {
  reaction: { id: "reaction", cost: {} },
};

const SLOT_OF: Record<string, Slot> = {
  attack: "primary",
  primary: "primary",
  considerOptions: "primary",
  move: "move",
};

function use(ctx: Context, c: CombatantState, slot: Slot): void {
  useSlot(ctx.state, c, slot);
}

/** "They must choose whether to act or move first": the first thing each of a pair does is its choice. */
function noteTogetherChoice(ctx: Context, who: string, first: "act" | "move"): void {
  const together = togetherOf(ctx.state);
  if (!together || !together.who.includes(who) || together.first[who] !== undefined) return;
  setTogether(ctx.state, { ...together, first: { ...together.first, [who]: first } });
  ctx.emit({ type: "togetherChoice", who, first });
}

export function act(ctx: Context, cmd: CommandOf<"act">): void {
  const slot = SLOT_OF[cmd.action];
  if (slot === undefined) refuse("UnknownAction", { action: cmd.action });
  const c = requireActing(ctx, cmd.who);
  requireAble(c);
  requireNoOpenOffers(ctx);
  if (
    cmd.action === "considerOptions" &&
    timed(ctx.state, c.id) &&
    clockOf(ctx.state).announced !== "considerOptions"
  )
    return timeRanOut(ctx, c);
  requireSlot(c, slot);
  requireAnnounced(ctx.state, c.id, cmd.action);
  let target: CombatantState | null = null;
  if (cmd.action === "attack") {
    if (cmd.target === undefined) refuse("NeedsTarget", { who: c.name, action: cmd.action });
    target = combatant(ctx.state, cmd.target);
    requireAble(target);
    if (target.side === c.side) refuse("NotAnEnemy", { target: target.name, who: c.name });
  }
  use(ctx, c, slot);
  markUsed(c, "turn", "executed");
  noteTogetherChoice(ctx, c.id, slot === "move" ? "move" : "act");
  ctx.emit({ type: "actionTaken", who: c.id, action: cmd.action, target: target?.id ?? null });
  executed(ctx, c.id);
  if (target) attack(ctx, c, target, cmd.outcome ?? null);
}

/**
 * Frantic combat: "If you are too slow, you lose that action. If you miss all actions, you take
 * Consider Options by default." The host reports the end of a six-second window with
 * `act { action: considerOptions }`: in the execute step the announced action is lost; in the
 * announce step the rest of the turn's actions are lost, and a player who did nothing at all this
 * turn takes Consider Options.
 */
function timeRanOut(ctx: Context, c: CombatantState): void {
  const clock = clockOf(ctx.state);
  if (clock.step === "execute" && clock.announced !== null) {
    const slot = SLOT_OF[clock.announced] ?? "primary";
    use(ctx, c, slot);
    ctx.emit({ type: "actionLost", who: c.id, action: clock.announced, reason: "tooSlow" });
    executed(ctx, c.id);
    return;
  }
  const missedAll = usedCount(c, "turn", "executed") === 0;
  for (const slot of ["primary", "move"] as const) {
    if (slotUsed(c, slot)) continue;
    use(ctx, c, slot);
    if (!missedAll) ctx.emit({ type: "actionLost", who: c.id, action: slot, reason: "tooSlow" });
  }
  if (missedAll)
    ctx.emit({ type: "actionTaken", who: c.id, action: "considerOptions", target: null, default: true });
  stopClock(ctx);
}

/**
 * An attack: the target may answer with its reaction (if it has one left, and unless the two act
 * together: "Attacks made simultaneously generally take effect simultaneously"). The engine rolls
 * no attack die (the text gives none); it reports the stipulated outcome and the surprise bonus.
 */
function attack(ctx: Context, c: CombatantState, target: CombatantState, outcome: string | null): void {
  const together = togetherOf(ctx.state);
  const simultaneous = together !== null && together.who.includes(c.id) && together.who.includes(target.id);
  const pending = openPending(ctx, "attack", c.id, {
    target: target.id,
    outcome,
    reactions: [],
    simultaneous,
  });
  if (!simultaneous && !target.defeated && !slotUsed(target, "reaction"))
    offer(ctx, target.id, "reaction", c.id, pending);
  else resolveAttack(ctx, pending.id);
}

export function resolveAttack(ctx: Context, id: string): void {
  const pending = findPending(ctx, id);
  if (!pending) return;
  const target = combatant(ctx.state, String(pending.data.target));
  const outcome = typeof pending.data.outcome === "string" ? pending.data.outcome : null;
  const simultaneous = pending.data.simultaneous === true;
  const reactions: Json = Array.isArray(pending.data.reactions) ? pending.data.reactions : [];
  ctx.emit({
    type: "attackResolved",
    who: pending.actor,
    target: target.id,
    outcome,
    // Surprise: "+2 to hit them".
    toHitBonus: surpriseModifiers(target).toHitAgainst,
    simultaneous,
    reactions,
  });
  closePending(ctx, id);
  if (outcome !== "kill" || target.defeated) return;
  const together = togetherOf(ctx.state);
  if (simultaneous && together) {
    // The victim's own simultaneous attack still lands: the defeat takes effect when the turn ends.
    setTogether(ctx.state, { ...together, defeats: [...together.defeats, target.id] });
    ctx.emit({ type: "defeatDeferred", who: target.id, until: "turnEnd" });
    return;
  }
  target.defeated = true;
  ctx.moved(target.id);
  ctx.emit({ type: "defeatedChanged", who: target.id, defeated: true });
  withdrawOffers(ctx, (o) => o.who === target.id, "defeated");
}

export function react(ctx: Context, cmd: CommandOf<"react">): void {
  const c = combatant(ctx.state, cmd.who);
  requireAble(c);
  if (cmd.with === "decline") {
    for (const t of decline(ctx, c.id, cmd.against)) {
      const seizing = findPending(ctx, t);
      // Declining a seize keeps the reaction: the seizer rolls alone.
      if (seizing?.kind === "seize") answerSeize(ctx, seizing, false);
      else if (offersForTrigger(ctx, t).length === 0) resolveAttack(ctx, t);
    }
    return;
  }
  if (!REACTIONS[cmd.with]) refuse("UnknownReaction", { reaction: cmd.with });
  const found = findOffer(ctx, c.id, cmd.with, cmd.against);
  requireSlot(c, "reaction");
  const seizing = findPending(ctx, found.trigger);
  if (seizing?.kind === "seize") {
    ctx.state.offers = ctx.state.offers.filter((o) => o.id !== found.id);
    answerSeize(ctx, seizing, true);
    return;
  }
  use(ctx, c, "reaction");
  ctx.state.offers = ctx.state.offers.filter((o) => o.id !== found.id);
  const pending = findPending(ctx, found.trigger);
  if (pending) {
    const reactions = Array.isArray(pending.data.reactions) ? pending.data.reactions : [];
    pending.data.reactions = [...reactions, { who: c.id, outcome: cmd.outcome ?? null }];
  }
  ctx.emit({
    type: "reactionResolved",
    who: c.id,
    with: cmd.with,
    against: found.against,
    outcome: cmd.outcome ?? null,
    trigger: found.trigger,
  });
  if (offersForTrigger(ctx, found.trigger).length === 0) resolveAttack(ctx, found.trigger);
}

/**
 * A move's checks and the cells it walks, before anything changes: when the pair acting together
 * both move, the second stops before the first step where the two walks collide or swap.
 */
function prepareMove(
  ctx: Context,
  cmd: { who: string; path: readonly Cell[]; mode?: MoveMode | undefined },
  index?: SpatialIndex,
): {
  c: CombatantState;
  cells: Cell[];
  together: ReturnType<typeof togetherOf>;
  /** The partner whose path this move is compared with (both of a pair acting together moved). */
  partner: string | undefined;
  conflict: { at: [number, number]; step: number } | null;
} {
  const c = requireActing(ctx, cmd.who);
  requireAble(c);
  requireNoOpenOffers(ctx);
  if ((cmd.mode ?? "normal") !== "normal")
    refuse("NotInRuleset", { command: `move ${cmd.mode ?? ""}`, ruleset: "marching" });
  requireSlot(c, "move");
  requireAnnounced(ctx.state, c.id, "move");
  const plan = planPath(ctx.state, c.id, cmd.path, index);
  requireLegalPath(plan);
  let cells: Cell[] = plan.cells;
  const together = togetherOf(ctx.state);
  const partner = together?.who.find((id) => id !== c.id);
  const partnerPath = partner === undefined ? undefined : together?.paths[partner];
  let conflict: { at: [number, number]; step: number } | null = null;
  if (together && partner !== undefined && partnerPath) {
    const step = firstConflict(partnerPath, cells);
    if (step !== null) {
      const at = cells[step] as Cell;
      conflict = { at: [at[0], at[1]], step };
      cells = cells.slice(0, step);
    }
  }
  return { c, cells, together, partner: partnerPath ? partner : undefined, conflict };
}

/** The ruler's view of a move: its checks and the cells walked. "marching.txt gives no reactions to movement." */
export function previewMove(
  ruleset: Ruleset,
  state: EncounterState,
  who: string,
  path: readonly Cell[],
  mode: MoveMode,
): MovePreview {
  try {
    // Off the grid the index holds no body (core/movement.ts): prepareMove refuses NoGrid as `move` does.
    const { cells } = prepareMove(
      readOnlyContext(state, ruleset),
      { who, path, mode },
      spatialIndexOf(state),
    );
    return { cells, cost: {}, provocations: [], refusal: null };
  } catch (error) {
    if (!(error instanceof RefusalError)) throw error;
    const c = draftOf(state, who);
    const cells = c?.at && state.grid.type !== "none" ? walkPath(state.grid, c.at, path) : [];
    return { cells, cost: {}, provocations: [], refusal: error.refusal };
  }
}

/**
 * The move action along a path. marching.txt gives no reactions to movement. When the pair acting
 * together both move, "resolve movement 5 feet at a time. If movement conflicts, resolve it as an
 * overrun": the paths are compared one cell (5 feet) per step, and the second mover stops before
 * the first step where both would enter the same cell or swap cells; the overrun is the table's.
 */
export function move(ctx: Context, cmd: CommandOf<"move">): void {
  const { c, cells, together, partner, conflict } = prepareMove(ctx, cmd);
  if (partner !== undefined) {
    ctx.emit({ type: "simultaneousMovement", who: [partner, c.id], feetPerStep: 5 });
    if (conflict !== null)
      ctx.emit({ type: "overrun", who: [partner, c.id], at: conflict.at, step: conflict.step });
  }
  use(ctx, c, "move");
  markUsed(c, "turn", "executed");
  noteTogetherChoice(ctx, c.id, "move");
  const from = c.at as Cell;
  const to = cells[cells.length - 1] ?? from;
  standAt(ctx, c, to);
  if (together && together.who.includes(c.id)) {
    const now = togetherOf(ctx.state) ?? together;
    setTogether(ctx.state, {
      ...now,
      paths: { ...now.paths, [c.id]: cells.map((x): [number, number] => [x[0], x[1]]) },
    });
  }
  ctx.emit({
    type: "moved",
    who: c.id,
    from: [from[0], from[1]],
    to: [to[0], to[1]],
    path: cells.map((x) => [x[0], x[1]]),
  });
  executed(ctx, c.id);
}

/** The first step index at which two walks (one cell per step, from step 0) collide or swap. */
export function firstConflict(a: readonly (readonly [number, number])[], b: readonly Cell[]): number | null {
  const at = (p: readonly (readonly [number, number])[], i: number) => p[Math.min(i, p.length - 1)];
  for (let i = 1; i < b.length; i += 1) {
    const ai = at(a, i);
    const bi = b[i];
    const aPrev = at(a, i - 1);
    const bPrev = b[i - 1];
    if (!ai || !bi || !aPrev || !bPrev) continue;
    const same = ai[0] === bi[0] && ai[1] === bi[1];
    const swap = ai[0] === bPrev[0] && ai[1] === bPrev[1] && bi[0] === aPrev[0] && bi[1] === aPrev[1];
    if (same || swap) return i;
  }
  return null;
}
