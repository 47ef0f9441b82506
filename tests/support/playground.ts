/**
 * A started flow fight in the playground's Session, for the tests of undo and going back (issue
 * 30) and of drawing by change (issue 31): the first flow sample, seed 11, its acting combatant and
 * the first free hex beside it.
 */
import { combatantIn, type Cell } from "../../src/engine";
import { neighbours } from "../../src/engine/grid";
import { boundedSetup } from "../../src/playground/bounds";
import { ENCOUNTERS } from "../../src/playground/encounters";
import { Session } from "../../src/playground/session";

export function startedFlow(): { session: Session; mover: string; to: Cell } {
  const flow = ENCOUNTERS.flow[0];
  if (!flow) throw new Error("no flow encounter");
  const session = new Session(flow.id, boundedSetup(flow.setup, flow.map), 11);
  session.dispatch({ type: "start" });
  const mover = session.state.current;
  const at = mover ? combatantIn(session.state, mover)?.at : null;
  if (!mover || !at) throw new Error("nobody acts");
  const occupied = new Set(session.state.combatants.flatMap((c) => (c.at ? [`${c.at[0]},${c.at[1]}`] : [])));
  const to = neighbours(session.state.grid, at).find((c) => !occupied.has(`${c[0]},${c[1]}`));
  if (!to) throw new Error("no free hex");
  return { session, mover, to };
}
