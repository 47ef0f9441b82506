/**
 * Engine self-checks for the whole suite: every spatial index a command takes from the state it
 * started from is compared with one built from its draft, so a handler that moves a body without
 * ctx.moved fails the tests that exercise it (src/engine/context.ts engineChecks). Every combatant a
 * scan reads without a draft (peeker, rosterView) and every list of marked combatants
 * (core/marks.ts) is compared with the draft too, so a handler that changes a combatant without
 * ctx.touch fails them as well.
 *
 * Before each test the grid's shape caches (threat shapes, shape masks) are emptied: under one
 * module graph for every test file (mutation runs, vitest.mutate.config.ts) a test would otherwise
 * read shapes an earlier test, or an earlier mutant's run, worked out. A mutant inside the code that
 * works them out then runs in every test that needs a shape, and a wrong shape one mutant cached
 * never fails the tests of the next.
 */
import { beforeEach } from "vitest";
import { engineChecks } from "../../src/engine/context";
import { forgetShapeMasks } from "../../src/engine/grid/spatial-index";
import { forgetThreatShapes } from "../../src/engine/grid/size";

engineChecks.indexes = true;
engineChecks.reads = true;

beforeEach(() => {
  forgetThreatShapes();
  forgetShapeMasks();
});
