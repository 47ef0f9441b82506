/**
 * Engine self-checks for the whole suite: every spatial index a command takes from the state it
 * started from is compared with one built from its draft, so a handler that moves a body without
 * ctx.moved fails the tests that exercise it (src/engine/context.ts engineChecks). Every combatant a
 * scan reads without a draft (peeker, rosterView) and every list of marked combatants
 * (core/marks.ts) is compared with the draft too, so a handler that changes a combatant without
 * ctx.touch fails them as well.
 */
import { engineChecks } from "../../src/engine/context";

engineChecks.indexes = true;
engineChecks.reads = true;
