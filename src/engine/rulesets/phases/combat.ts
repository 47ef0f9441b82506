import { apply, coreHandlers } from "../../apply";
import type { Command, CommandOf, MoveMode, Outcome } from "../../commands";
import { peek, peeker, readOnlyContext, settled, type Context } from "../../context";
import { combatant, requireAble, draftOf } from "../../core/combatants";
import { addCondition, hasCondition, removeCondition } from "../../core/conditions";
import { planPath, requireLegalPath, spatialIndexOf, stepsOf, type PlannedPath } from "../../core/movement";
import {
  closePending,
  decline,
  findOffer,
  findPending,
  offerEach,
  offersForTrigger,
  openPending,
  requireNoOpenOffers,
  withdrawOffers,
} from "../../core/offers";
import { markUsed, usedCount } from "../../core/usage";
import { marked, setMarked } from "../../core/marks";
import { walkPath, type SpatialIndex } from "../../grid";
import { refuse, RefusalError } from "../../refusal";
import type { MovePreview, Ruleset } from "../../ruleset";
import type { Cell, CombatantState, EncounterState, JsonObject, Pending } from "../../state";
import { type ActionType, attackHits, DEFENSIVE, PHASES_ACTIONS } from "./actions";
import {
  advance,
  canAct,
  limited,
  moveBefore,
  nextFromPostTurn,
  placeNewcomer,
  startCombat,
  takeDelayedTurn,
  takeDelayedTurnAtEnd,
  leavePhaseEnd,
} from "./round";
import { DELAYING, type Held, ph, phEncounter, phRead, point, READIED, samePoint } from "./state";
import { standAt } from "../../core/place";

const HITS: readonly Outcome[] = ["hit", "crit", "kill"];

/** Default combat movement in hexes when a character has no `movement` stat. */
export const DEFAULT_MOVEMENT = 6;

function movementOf(c: CombatantState): number {
  return c.stats.movement ?? DEFAULT_MOVEMENT;
}

function used(c: CombatantState, thing: string): number {
  return usedCount(c, "phase", thing);
}

/**
 * "In a normal Phase, you can perform an attack action and a move action, two move actions, or a
 * full-phase action ... You can always take a move action in place of an attack action. In some
 * situations (most commonly in a Surprise Phase), you may be limited to taking only a single move
 * action or attack action." Refuses before anything changes; `spend` records it.
 */
function requireAction(ctx: Context, c: CombatantState, type: ActionType, moving: boolean): void {
  const attacks = used(c, "attack");
  const moves = used(c, "move");
  if (used(c, "fullPhase") > 0) refuse("FullPhaseTaken", { who: c.name });
  if (limited(ctx.state, c)) {
    if (attacks + moves >= 1) refuse("SingleActionOnly", { who: c.name });
    return;
  }
  if (type === "attack" && (attacks >= 1 || attacks + moves >= 2))
    refuse("NoAttackActionLeft", { who: c.name });
  if (type === "move" && attacks + moves >= 2) refuse("NoActionLeft", { who: c.name });
  // "A full-phase action requires an entire phase to complete. Thus, it can't be coupled with an attack or a move action, though you can take a 1-hex step if it doesn't involve moving any distance."
  if (type === "fullPhase" && (attacks + moves > 0 || used(c, "distance") > 0))
    refuse("FullPhaseAfterAction", { who: c.name });
  if (type === "fullPhase" && moving && used(c, "step") > 0) refuse("MovedAfterStep", { who: c.name });
}

/** Record the action; in a limited Phase a full-phase action is started with the one move action. */
function spend(ctx: Context, c: CombatantState, type: ActionType, action: string): void {
  if (type !== "fullPhase") {
    markUsed(c, "phase", type);
    return;
  }
  if (limited(ctx.state, c)) {
    // "You can't take a full-phase action (though you can start or complete a full-phase action by using a move action"
    markUsed(c, "phase", "move");
    ph(c).fullPhaseStarted = { action, at: point(ctx.state) };
    ctx.emit({ type: "fullPhaseStarted", who: c.id, action });
    return;
  }
  markUsed(c, "phase", "fullPhase");
}

/** The action type an act costs now: completing a started full-phase action costs a move action. */
function typeNow(c: CombatantState, action: string): ActionType {
  const def = PHASES_ACTIONS[action];
  if (!def) refuse("UnknownAction", { action });
  const started = ph(c).fullPhaseStarted;
  if (def.type === "fullPhase" && started && started.action === action) return "move";
  return def.type;
}

/** "The attacker rolls 3d6 and adds their OCV ... The target number is 10 plus the defender's DCV"; surprised: "-3 DCV". */
function resolveAttack(
  ctx: Context,
  attacker: CombatantState,
  targetId: string,
  action: string,
  outcome: Outcome | undefined,
): void {
  const target = combatant(ctx.state, targetId);
  let result: Outcome;
  let roll: number | null = null;
  const ocv = attacker.stats.ocv ?? 3;
  const dcv = (target.stats.dcv ?? 3) - (hasCondition(target, "surprised") ? 3 : 0);
  if (outcome !== undefined) result = outcome;
  else {
    roll =
      ctx.roll(6, "attack", attacker.id) +
      ctx.roll(6, "attack", attacker.id) +
      ctx.roll(6, "attack", attacker.id);
    result = attackHits(roll, ocv, dcv) ? "hit" : "miss";
  }
  ctx.emit({
    type: "attackResolved",
    who: attacker.id,
    target: targetId,
    with: action,
    outcome: result,
    hit: HITS.includes(result),
    roll,
    needed: 10 + dcv - ocv,
    // What the roll is checked against, for the roll line: "adds their OCV", "10 plus the defender's DCV".
    ocv,
    dcv,
  });
  if (result === "kill" && !target.defeated) {
    target.defeated = true;
    ctx.moved(targetId);
    ctx.emit({ type: "defeatedChanged", who: targetId, defeated: true });
    withdrawOffers(ctx, (o) => o.who === targetId, "defeated");
  }
}

/** Whether `target` stands in a hex `attacker` threatens (always, on a gridless scene). */
function inReach(ctx: Context, attacker: CombatantState, target: CombatantState): boolean {
  if (ctx.state.grid.type === "none" || attacker.at === null || target.at === null) return true;
  const index = spatialIndexOf(ctx.state);
  return index.cellsOf(target.id).some((cell) => index.threatenersOf(cell).includes(attacker.id));
}

/** Enemies threatening any hex a character stands in (nobody on a gridless scene: threat needs hexes). */
function threatenersOf(ctx: Context, c: CombatantState): string[] {
  if (ctx.state.grid.type === "none" || c.at === null) return [];
  const index = spatialIndexOf(ctx.state);
  const found = new Set<string>();
  for (const cell of index.cellsOf(c.id))
    for (const id of index.threatenersOf(cell)) if (index.isEnemy(c.id, id)) found.add(id);
  return settled(ctx.state.roster).filter((id) => found.has(id));
}

/**
 * Who may take an attack of opportunity now: "you can only make one per Phase" (Combat Reflexes:
 * one more per level), "you cannot make an attack of opportunity if you have used the dodge
 * manoeuvre", not the defeated, and not the unaware during the Surprise Phase.
 */
function mayTakeOpportunity(ctx: Context, id: string): boolean {
  // Read only (peek): asking the threateners takes no draft of any of them.
  const t = peek(ctx.state, id);
  if (!t || !canAct(t) || hasCondition(t, "surprised")) return false;
  if (dodged(ctx.state, t)) return false;
  return used(t, "attackOfOpportunity") < opportunityLimit(ctx.state, t);
}

/**
 * "you can only make one per Phase"; "If you have the Combat Reflexes skill you can make more than
 * one attack of opportunity in each Phase". Option `combatReflexes`: `perLevel` (default), one
 * more per level of the skill; `unlimited`, any level lifts the limit (each opportunity still
 * allows one attack: `provokedBy`).
 */
export function opportunityLimit(state: EncounterState, c: CombatantState): number {
  const levels = c.skills.combatReflexes ?? 0;
  if (levels > 0 && state.options.combatReflexes === "unlimited") return Infinity;
  return 1 + levels;
}

/**
 * "you cannot make an attack of opportunity if you have used the dodge manoeuvre": for the rest of
 * the Phase of the dodge (option `dodge: phase`, default), or until the dodger's next turn begins
 * (`dodge: untilNextTurn`).
 */
function dodged(state: EncounterState, c: CombatantState): boolean {
  return used(c, "dodge") > 0 || (state.options.dodge === "untilNextTurn" && phRead(c).dodging === true);
}

function markDodge(state: EncounterState, c: CombatantState): void {
  markUsed(c, "phase", "dodge");
  if (state.options.dodge === "untilNextTurn") ph(c).dodging = true;
}

function offerOpportunities(
  ctx: Context,
  provoker: CombatantState,
  threateners: readonly string[],
  kind: string,
  data: JsonObject,
  cell: Cell | null,
): Pending | null {
  const able = threateners.filter((id) => mayTakeOpportunity(ctx, id));
  if (able.length === 0) return null;
  const trigger = openPending(ctx, kind, provoker.id, data);
  offerEach(
    ctx,
    trigger,
    able.map((id) => ({ who: id, with: "attackOfOpportunity", against: provoker.id, cell })),
  );
  return trigger;
}

/** Does a command by `who` match a readied trigger verb ("move", "act", or an action id)? */
function matches(verb: string, command: Command): boolean {
  if (command.type === "move") return verb === "move";
  if (command.type !== "act") return false;
  if (verb === "act" || verb === command.action) return true;
  return verb === "move" && (command.action === "move" || command.action === "fullMove");
}

/**
 * "The action occurs just before the action that triggers it. If the triggered action is part of
 * another character's activities, you interrupt the other character." The triggering command is
 * held; the readier becomes current for its readied action; then the held command goes on.
 */
function interruptByReadied(ctx: Context, who: string, command: Command): boolean {
  const enc = phEncounter(ctx.state);
  const fired = enc.held?.fired ?? [];
  if (enc.held && enc.held.actor !== who) return false;
  // Only the readiers are read (peeker, no draft), in sequence order; only the one found is taken.
  const readiers = new Set(marked(ctx.state, READIED));
  if (readiers.size === 0) {
    enc.held = null;
    return false;
  }
  const read = peeker(ctx.state);
  const found = settled(enc.sequence)
    .filter((id) => readiers.has(id))
    .map((id) => read(id) as CombatantState)
    .find(
      (r) =>
        r.id !== who &&
        canAct(r) &&
        !fired.includes(r.id) &&
        phRead(r).readied?.trigger.who === who &&
        matches(phRead(r).readied?.trigger.verb ?? "", command),
    );
  const readier = found ? combatant(ctx.state, found.id) : undefined;
  if (!readier) {
    enc.held = null;
    return false;
  }
  const held: Held = {
    command,
    actor: who,
    readier: readier.id,
    fired: [...fired, readier.id],
    started: false,
  };
  enc.held = held;
  ctx.state.current = readier.id;
  ctx.emit({
    type: "readiedActionTriggered",
    who: readier.id,
    trigger: who,
    action: ph(readier).readied?.action ?? null,
  });
  return true;
}

/** The readier takes its readied action: "for the rest of the encounter, your Initiative is when you took the readied action, and you act immediately ahead of the character whose action triggered" it. */
function startReadied(ctx: Context, c: CombatantState, command: Command): void {
  const held = phEncounter(ctx.state).held as Held;
  const readied = ph(c).readied;
  if (!readied) refuse("NothingReadied", { who: c.name });
  const action = command.type === "move" ? "move" : command.type === "act" ? command.action : "";
  const readiedType = PHASES_ACTIONS[readied.action]?.type;
  if (
    action !== readied.action &&
    !(command.type === "move" && readiedType === "move" && readied.action === "move")
  )
    refuse("NotTheReadiedAction", { who: c.name, action: readied.action });
  held.started = true;
  ph(c).readied = null;
  setMarked(ctx, READIED, c.id, false);
  removeCondition(ctx, c.id, "readied");
  moveBefore(ctx.state, c.id, held.actor);
  ctx.emit({ type: "readiedActionTaken", who: c.id, before: held.actor, initiative: c.initiative });
}

/** When nothing is left open, a held triggering command goes on ("he continues his actions once you complete your readied action"). */
function resumeHeld(ctx: Context): void {
  const enc = phEncounter(ctx.state);
  const held = enc.held;
  if (!held || !held.started || ctx.state.offers.length > 0 || ctx.state.pending.length > 0) return;
  ctx.state.current = held.actor;
  held.started = false;
  const actor = draftOf(ctx.state, held.actor);
  if (!actor || !canAct(actor)) {
    enc.held = null;
    ctx.emit({ type: "triggerCancelled", who: held.actor });
    advance(ctx, held.actor);
    return;
  }
  const draft = JSON.stringify(ctx.state);
  try {
    if (held.command.type === "move") move(ctx, held.command);
    else if (held.command.type === "act") act(ctx, held.command);
  } catch (error) {
    if (!(error instanceof RefusalError)) throw error;
    Object.assign(ctx.state, JSON.parse(draft));
    enc.held = null;
    ctx.emit({ type: "triggerCancelled", who: held.actor, reason: error.refusal.key });
  }
  if (
    phEncounter(ctx.state).held?.actor === held.actor &&
    !phEncounter(ctx.state).held?.started &&
    phEncounter(ctx.state).held?.readier === held.readier
  )
    phEncounter(ctx.state).held = null;
}

/**
 * Who may issue a turn command now: the current character; a delaying character between other
 * characters' actions ("wait until some time later and act then"), who thereby takes its delayed
 * turn just before the current one.
 */
function actorFor(ctx: Context, who: string): CombatantState {
  requireNoOpenOffers(ctx);
  const c = combatant(ctx.state, who);
  requireAble(c);
  if (!canAct(c)) refuse("CannotAct", { who: c.name });
  const { state } = ctx;
  if (state.current === who) return c;
  const delayed = delayedTurn(state, c);
  if (delayed === "between" && state.current !== null) {
    takeDelayedTurn(ctx, c, state.current);
    return c;
  }
  if (delayed === "atEnd") {
    takeDelayedTurnAtEnd(ctx, c);
    return c;
  }
  refuse("NotYourTurn", { who: c.name });
}

/**
 * When a delaying character may take its turn now, not being the current one: between the current
 * character's actions (before it acted, nothing held), or at the Phase's end; null otherwise.
 * `move` and `act` (actorFor) and the ruler's preview ask the same question.
 */
function delayedTurn(state: EncounterState, c: CombatantState): "between" | "atEnd" | null {
  if (!ph(c).delaying) return null;
  const enc = phEncounter(state);
  if (state.current !== null && !enc.currentActed && enc.held === null) return "between";
  if (state.current === null && enc.phaseEnd === true) return "atEnd";
  return null;
}

export function act(ctx: Context, cmd: CommandOf<"act">): void {
  const c = actorFor(ctx, cmd.who);
  const def = PHASES_ACTIONS[cmd.action];
  if (!def) refuse("UnknownAction", { action: cmd.action });
  const enc = phEncounter(ctx.state);
  const interrupting = enc.held !== null && enc.held.readier === c.id && !enc.held.started;
  const type = typeNow(c, cmd.action);
  if (!interrupting) requireAction(ctx, c, type, cmd.action === "fullMove");
  let target: string | undefined;
  if (def.target === "enemy") {
    if (cmd.target === undefined) refuse("NeedsTarget", { who: c.name });
    const t = combatant(ctx.state, cmd.target);
    if (t.side === c.side) refuse("NotAnEnemy", { who: c.name, target: t.name });
    if (t.defeated) refuse("Defeated", { who: t.name });
    // "You can strike any adjacent opponent with a melee attack": a strike needs the target in reach.
    if (cmd.action === "strike" && !inReach(ctx, c, t)) refuse("NotInReach", { who: c.name, target: t.name });
    target = cmd.target;
  }
  if (interrupting) startReadied(ctx, c, cmd);
  else if (interruptByReadied(ctx, c.id, cmd)) return;
  else spend(ctx, c, type, cmd.action);
  enc.currentActed = true;
  if (type !== "fullPhase" && ph(c).fullPhaseStarted?.action === cmd.action && def.type === "fullPhase") {
    ph(c).fullPhaseStarted = null;
    ctx.emit({ type: "fullPhaseCompleted", who: c.id, action: cmd.action });
  }
  if (cmd.action === "dodge") markDodge(ctx.state, c);
  if (cmd.action === "fullMove" || cmd.action === "move") markUsed(c, "phase", "distance");
  ctx.emit({
    type: "actionTaken",
    who: c.id,
    action: cmd.action,
    actionType: def.type,
    round: ctx.state.round,
    phase: ctx.state.phase,
    target: target ?? null,
  });
  // "Some actions, when performed in a threatened hex, provoke attacks of opportunity"; "Yes (skill check negates)".
  const provokes = def.provokes === "yes" || (def.provokes === "skill" && cmd.outcome !== "success");
  if (provokes) {
    const data: JsonObject = { action: cmd.action };
    if (target !== undefined) data.target = target;
    if (offerOpportunities(ctx, c, threatenersOf(ctx, c), "act", data, c.at) !== null) return;
  }
  complete(ctx, c, cmd.action, target, cmd.outcome);
}

/** The action's own effect, after any attack of opportunity it provoked ("then complete the current action"). */
function complete(
  ctx: Context,
  c: CombatantState,
  action: string,
  target: string | undefined,
  outcome: Outcome | undefined,
): void {
  if (target !== undefined) resolveAttack(ctx, c, target, action, outcome);
  if (action === "standUp") removeCondition(ctx, c.id, "prone");
  // A full-phase action only started (a limited Phase) takes effect when it is completed.
  if (action === "recover" && ph(c).fullPhaseStarted?.action !== action)
    ctx.emit({ type: "recovered", who: c.id, round: ctx.state.round, reason: "action" });
  resumeHeld(ctx);
}

/**
 * Movement. "Move up to half of combat movement" is a move action, "more than half and up to all"
 * a full-phase action; the 1-hex step (mode step) and withdraw (mode withdraw, full-phase) never
 * provoke; any other move out of a threatened hex offers the threatener an attack of opportunity,
 * once per opponent per Phase ("Moving out of more than one hex threatened by the same opponent in
 * the same Phase doesn't count as more than one opportunity").
 */
export function move(ctx: Context, cmd: CommandOf<"move">): void {
  const c = actorFor(ctx, cmd.who);
  const mode = cmd.mode ?? "normal";
  const { plan, steps, type, interrupting } = prepareMove(ctx, c, cmd);
  const enc = phEncounter(ctx.state);
  // "You can take a 1-hex step as part of your readied action, but only if you don't otherwise
  // move any distance during the Phase": the step comes before the readied action, which stays
  // to be taken (prepareMove has checked the step's own limits).
  if (interrupting && mode === "step") {
    markUsed(c, "phase", "step");
    ctx.emit({
      type: "actionTaken",
      who: c.id,
      action: "step",
      actionType: null,
      round: ctx.state.round,
      phase: ctx.state.phase,
      target: null,
      readied: true,
    });
    const start = c.at as Cell;
    walk(ctx, c.id, plan, [start[0], start[1]], false);
    return;
  }
  if (interrupting) startReadied(ctx, c, cmd);
  else if (interruptByReadied(ctx, c.id, cmd)) return;
  else if (type !== null) spend(ctx, c, type, mode === "withdraw" ? "withdraw" : "fullMove");
  enc.currentActed = true;
  if (mode === "step") markUsed(c, "phase", "step");
  else markUsed(c, "phase", "distance", steps);
  ctx.emit({
    type: "actionTaken",
    who: c.id,
    action:
      mode === "step"
        ? "step"
        : mode === "withdraw"
          ? "withdraw"
          : type === "fullPhase"
            ? "fullMove"
            : "move",
    actionType: type,
    round: ctx.state.round,
    phase: ctx.state.phase,
    target: null,
  });
  const from = c.at as Cell;
  walk(ctx, c.id, plan, [from[0], from[1]], mode === "normal");
}

/** A move's checks once its actor may act, before anything changes. */
function prepareMove(
  ctx: Context,
  c: CombatantState,
  cmd: { who: string; path: readonly Cell[]; mode?: MoveMode | undefined },
  index?: SpatialIndex,
): { plan: PlannedPath; steps: number; type: ActionType | null; interrupting: boolean } {
  const mode = cmd.mode ?? "normal";
  if (mode === "tumble") refuse("NoSuchMoveMode", { mode });
  const plan = planPath(ctx.state, c.id, cmd.path, index);
  requireLegalPath(plan);
  const steps = stepsOf(plan);
  if (steps === 0) refuse("EmptyMove", { who: c.name });
  const enc = phEncounter(ctx.state);
  const interrupting = enc.held !== null && enc.held.readier === c.id && !enc.held.started;
  let type: ActionType | null = null;
  if (mode === "step") {
    // "You can move 1 hex in any Phase when you don't perform any other kind of movement ... You can't take more than one 1-hex step in a Phase"
    if (steps !== 1) refuse("StepIsOneHex", { who: c.name });
    if (movementOf(c) <= 1) refuse("TooSlowToStep", { who: c.name });
    if (used(c, "step") > 0) refuse("OneStepPerPhase", { who: c.name });
    if (used(c, "distance") > 0 || used(c, "fullPhaseMove") > 0) refuse("StepAfterMoving", { who: c.name });
    if (hasCondition(c, "hampered")) refuse("StepHampered", { who: c.name });
  } else {
    if (used(c, "step") > 0) refuse("MovedAfterStep", { who: c.name });
    const total = used(c, "distance") + steps;
    if (total > movementOf(c)) refuse("TooFar", { who: c.name, need: movementOf(c) - used(c, "distance") });
    type = mode === "withdraw" || steps * 2 > movementOf(c) ? "fullPhase" : "move";
    // "You can ready an attack action, a move action, or a free action": a readied move is a move
    // action (up to half of combat movement), never a full move or a withdrawal.
    if (interrupting && type === "fullPhase")
      refuse("ReadiedMoveIsMoveAction", { who: c.name, max: Math.floor(movementOf(c) / 2) });
    if (!interrupting) requireAction(ctx, c, type, true);
    if (type === "fullPhase" && limited(ctx.state, c)) refuse("SingleActionOnly", { who: c.name });
  }
  return { plan, steps, type, interrupting };
}

/**
 * The ruler's view of a move: the move's own checks, then where walking it would stop for attacks
 * of opportunity if every one offered were declined (the first is where `move` holds). A step or a
 * withdrawal never provokes. A delaying combatant who would take its turn with this move is
 * previewed by running the move on a copy.
 */
export function previewMove(
  ruleset: Ruleset,
  state: EncounterState,
  who: string,
  path: readonly Cell[],
  mode: MoveMode,
): MovePreview {
  const ctx = readOnlyContext(state, ruleset);
  const walked = (): Cell[] => {
    const c = draftOf(state, who);
    return c?.at && state.grid.type !== "none" ? walkPath(state.grid, c.at, path) : [];
  };
  let prepared: ReturnType<typeof prepareMove>;
  let c: CombatantState;
  try {
    requireNoOpenOffers(ctx);
    c = combatant(state, who);
    requireAble(c);
    if (!canAct(c)) refuse("CannotAct", { who: c.name });
    if (state.current !== who) {
      if (delayedTurn(state, c) === null) refuse("NotYourTurn", { who: c.name });
      return previewByApplying(state, who, path, mode, ruleset, walked);
    }
    prepared = prepareMove(ctx, c, { who, path, mode }, spatialIndexOf(state));
  } catch (error) {
    if (!(error instanceof RefusalError)) throw error;
    return { cells: walked(), cost: {}, provocations: [], refusal: error.refusal };
  }
  const { plan } = prepared;
  const provocations: MovePreview["provocations"] = [];
  if (mode === "normal") {
    const provokedBy = [...ph(c).provokedBy];
    for (const p of plan.provocations) {
      const fresh = p.threateners.filter((id) => !provokedBy.includes(id));
      if (fresh.length === 0) continue;
      provokedBy.push(...fresh);
      const able = fresh.filter((id) => mayTakeOpportunity(ctx, id));
      if (able.length > 0) provocations.push({ cell: p.from, step: p.step, by: able });
    }
  }
  return { cells: plan.cells, cost: {}, provocations, refusal: null };
}

/** The rare preview that needs the move run (a delayed turn taken by moving): apply it to a copy. */
function previewByApplying(
  state: EncounterState,
  who: string,
  path: readonly Cell[],
  mode: MoveMode,
  ruleset: Ruleset,
  walked: () => Cell[],
): MovePreview {
  const command: CommandOf<"move"> = { type: "move", who, path: path.map((x): Cell => [x[0], x[1]]) };
  if (mode !== "normal") command.mode = mode;
  const noDice = {
    roll: (): number => {
      throw new Error("Tempo: a phases move rolls no dice");
    },
  };
  const result = apply(state, command, noDice, ruleset);
  if (!result.ok) return { cells: walked(), cost: {}, provocations: [], refusal: result.refusal };
  const provocations: MovePreview["provocations"] = [];
  const paused = result.events.find((e) => e.type === "movePaused");
  if (paused && Array.isArray(paused.at)) {
    const at = paused.at as unknown as Cell;
    const by = result.state.offers.map((o) => o.who);
    const cells = walked();
    const step = cells.findIndex((x) => x[0] === at[0] && x[1] === at[1]);
    provocations.push({ cell: [at[0], at[1]], step, by: [...new Set(by)] });
  }
  return { cells: walked(), cost: {}, provocations, refusal: null };
}

/**
 * Walk `who` along `plan`, a plan of its path from where it stands (prepareMove's for a move, so a
 * move plans its path once; a resumed walk plans what is left), holding at the first cell where a
 * fresh threatener may take an attack of opportunity.
 */
function walk(ctx: Context, who: string, plan: PlannedPath, origin: Cell, provoking: boolean): void {
  const c = combatant(ctx.state, who);
  if (provoking) {
    for (const p of plan.provocations) {
      const fresh = p.threateners.filter((id) => !ph(c).provokedBy.includes(id));
      if (fresh.length === 0) continue;
      ph(c).provokedBy.push(...fresh);
      const data = {
        rest: plan.cells.slice(p.step + 1).map((x) => [x[0], x[1]]),
        origin: [origin[0], origin[1]],
      } as JsonObject;
      const trigger = offerOpportunities(ctx, c, fresh, "move", data, p.from);
      if (!trigger) continue;
      standAt(ctx, c, p.from);
      ctx.emit({ type: "movePaused", who, at: [p.from[0], p.from[1]], pending: trigger.id });
      return;
    }
  }
  const end = plan.cells[plan.cells.length - 1] as Cell;
  standAt(ctx, c, end);
  ctx.emit({
    type: "moved",
    who,
    from: [origin[0], origin[1]],
    to: [end[0], end[1]],
    path: plan.cells.map((x) => [x[0], x[1]]),
  });
  resumeHeld(ctx);
}

function settle(ctx: Context, triggerId: string): void {
  if (offersForTrigger(ctx, triggerId).length > 0) return;
  const pending = findPending(ctx, triggerId);
  if (!pending) return;
  closePending(ctx, triggerId);
  const c = combatant(ctx.state, pending.actor);
  if (pending.kind === "move") {
    if (c.defeated) {
      ctx.emit({ type: "moveStopped", who: c.id, at: c.at ? [c.at[0], c.at[1]] : null, reason: "defeated" });
      resumeHeld(ctx);
      return;
    }
    const rest = pending.data.rest as unknown as Cell[];
    walk(ctx, c.id, planPath(ctx.state, c.id, rest), pending.data.origin as unknown as Cell, true);
    return;
  }
  if (c.defeated) {
    resumeHeld(ctx);
    return;
  }
  const target = typeof pending.data.target === "string" ? pending.data.target : undefined;
  complete(ctx, c, String(pending.data.action), target, undefined);
}

/** "An attack of opportunity is a single melee attack"; it "interrupts" and then the provoking action completes. */
export function react(ctx: Context, cmd: CommandOf<"react">): void {
  const c = combatant(ctx.state, cmd.who);
  if (cmd.with === "decline") {
    for (const trigger of decline(ctx, cmd.who, cmd.against)) settle(ctx, trigger);
    return;
  }
  const found = findOffer(ctx, cmd.who, cmd.with, cmd.against);
  requireAble(c);
  if (dodged(ctx.state, c)) refuse("DodgedNoOpportunity", { who: c.name });
  if (used(c, "attackOfOpportunity") >= opportunityLimit(ctx.state, c))
    refuse("OpportunityLimit", { who: c.name });
  markUsed(c, "phase", "attackOfOpportunity");
  withdrawOffers(ctx, (o) => o.id === found.id, "answered");
  ctx.emit({ type: "reactionResolved", who: c.id, with: cmd.with, against: found.against, offer: found.id });
  resolveAttack(ctx, c, found.against, "attackOfOpportunity", cmd.outcome);
  // Offers this character can no longer take (limit reached) go.
  if (!mayTakeOpportunity(ctx, c.id)) withdrawOffers(ctx, (o) => o.who === c.id, "limit");
  if (combatant(ctx.state, found.against).defeated)
    withdrawOffers(ctx, (o) => o.trigger === found.trigger, "defeated");
  // The answer is taken: the provoking move or action goes on, its consequence.
  ctx.decided();
  for (const p of [...ctx.state.pending]) settle(ctx, p.id);
}

/**
 * "By choosing to delay, you take no action on your own Initiative score and wait to act later";
 * `until` names whom to act immediately before.
 */
export function delay(ctx: Context, cmd: CommandOf<"delay">): void {
  requireNoOpenOffers(ctx);
  const c = combatant(ctx.state, cmd.who);
  requireAble(c);
  if (ctx.state.current !== c.id || phEncounter(ctx.state).held !== null)
    refuse("NotYourTurn", { who: c.name });
  if (phEncounter(ctx.state).currentActed || used(c, "attack") + used(c, "move") + used(c, "fullPhase") > 0)
    refuse("AlreadyActedThisPhase", { who: c.name });
  if (cmd.until !== undefined) {
    const u = combatant(ctx.state, cmd.until);
    if (u.id === c.id) refuse("DelayUntilSelf", { who: c.name });
  }
  ph(c).delaying = { until: cmd.until ?? null, since: point(ctx.state) };
  setMarked(ctx, DELAYING, c.id, true);
  addCondition(ctx, c.id, "delayed", null);
  ctx.emit({ type: "delayed", who: c.id, until: cmd.until ?? null });
  advance(ctx, c.id);
}

/** "Readying is an attack action. It does not provoke an attack of opportunity"; "You can ready an attack action, a move action, or a free action." */
export function ready(ctx: Context, cmd: CommandOf<"ready">): void {
  requireNoOpenOffers(ctx);
  const c = combatant(ctx.state, cmd.who);
  requireAble(c);
  if (ctx.state.current !== c.id || phEncounter(ctx.state).held !== null)
    refuse("NotYourTurn", { who: c.name });
  const def = PHASES_ACTIONS[cmd.action];
  if (!def) refuse("UnknownAction", { action: cmd.action });
  if (def.type === "fullPhase") refuse("CannotReadyFullPhase", { who: c.name, action: cmd.action });
  const trigger = combatant(ctx.state, cmd.trigger.who);
  if (trigger.id === c.id) refuse("ReadyOnSelf", { who: c.name });
  requireAction(ctx, c, "attack", false);
  spend(ctx, c, "attack", "ready");
  phEncounter(ctx.state).currentActed = true;
  ph(c).readied = {
    action: cmd.action,
    trigger: { who: trigger.id, verb: cmd.trigger.verb },
    since: point(ctx.state),
  };
  setMarked(ctx, READIED, c.id, true);
  addCondition(ctx, c.id, "readied", null);
  ctx.emit({
    type: "readied",
    who: c.id,
    action: cmd.action,
    trigger: { who: trigger.id, verb: cmd.trigger.verb },
  });
}

/**
 * "You can abort to any defensive attack or move action before your initiative value comes up in a
 * Phase, giving up your next Action to do so. You can also abort to a defensive action after acting
 * on your initiative score earlier in a Phase, but doing so gives up your Action from the following
 * Phase." Initiative does not change.
 */
export function abort(ctx: Context, cmd: CommandOf<"abort">): void {
  const c = combatant(ctx.state, cmd.who);
  requireAble(c);
  if (!canAct(c) || hasCondition(c, "surprised")) refuse("CannotAct", { who: c.name });
  const { state } = ctx;
  if (typeof state.phase !== "number" && state.phase !== "surprise") refuse("NoPhase", {});
  if (!DEFENSIVE.has(cmd.to)) refuse("AbortToDefensive", { who: c.name, action: cmd.to });
  // "you cannot Abort your next action until after your Initiative in the following Phase"
  if (ph(c).abortSkips !== null) refuse("AlreadyAborted", { who: c.name });
  if (state.current === c.id) refuse("AbortOnOwnTurn", { who: c.name });
  const here = point(state);
  const actedThisPhase = samePoint(ph(c).lastTurn, here);
  const skips = actedThisPhase ? following(here) : here;
  ph(c).abortSkips = skips;
  addCondition(ctx, c.id, "aborted", null);
  if (cmd.to === "dodge") markDodge(state, c);
  ctx.emit({ type: "aborted", who: c.id, to: cmd.to, givesUp: skips as unknown as JsonObject });
  if (cmd.to === "dodge") withdrawOffers(ctx, (o) => o.who === c.id, "dodged");
  for (const p of [...state.pending]) settle(ctx, p.id);
}

function following(p: { round: number; phase: number | "surprise" }): { round: number; phase: number } {
  if (p.phase === "surprise") return { round: p.round, phase: 1 };
  return p.phase >= 4 ? { round: p.round + 1, phase: 1 } : { round: p.round, phase: p.phase + 1 };
}

export function next(ctx: Context): void {
  requireNoOpenOffers(ctx);
  const { state } = ctx;
  const held = phEncounter(state).held;
  if (held !== null) {
    // The readier lets the trigger pass: the readied action stays ready.
    refuse("ReadiedActionPending", { who: held.readier });
  }
  if (state.phase === "postTurn") nextFromPostTurn(ctx);
  else if (phEncounter(state).phaseEnd === true && state.current === null) leavePhaseEnd(ctx);
  else advance(ctx, state.current);
}

export function endTurn(ctx: Context, cmd: CommandOf<"endTurn">): void {
  requireNoOpenOffers(ctx);
  const c = combatant(ctx.state, cmd.who);
  if (ctx.state.current !== c.id) refuse("NotYourTurn", { who: c.name });
  const enc = phEncounter(ctx.state);
  if (enc.held !== null && enc.held.readier === c.id) {
    // The readier passes: the held command goes on; the readied action stays for a later trigger.
    enc.held.started = true;
    resumeHeld(ctx);
    return;
  }
  advance(ctx, c.id);
}

export function start(ctx: Context): void {
  startCombat(ctx);
}

export function addCombatant(ctx: Context, cmd: CommandOf<"addCombatant">): void {
  (coreHandlers.addCombatant as (ctx: Context, cmd: CommandOf<"addCombatant">) => void)(ctx, cmd);
  if (ctx.state.status === "active")
    placeNewcomer(ctx, draftOf(ctx.state, cmd.combatant.id) as CombatantState);
}

export function removeCombatant(ctx: Context, cmd: CommandOf<"removeCombatant">): void {
  (coreHandlers.removeCombatant as (ctx: Context, cmd: CommandOf<"removeCombatant">) => void)(ctx, cmd);
  const enc = phEncounter(ctx.state);
  enc.sequence = enc.sequence.filter((id) => id !== cmd.who);
  // Nobody who left still waits with a readied action or a delay.
  setMarked(ctx, READIED, cmd.who, false);
  setMarked(ctx, DELAYING, cmd.who, false);
}

export function setDefeated(ctx: Context, cmd: CommandOf<"setDefeated">): void {
  (coreHandlers.setDefeated as (ctx: Context, cmd: CommandOf<"setDefeated">) => void)(ctx, cmd);
  for (const p of [...ctx.state.pending]) settle(ctx, p.id);
}
