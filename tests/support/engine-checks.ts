/**
 * Engine self-checks for the whole suite: every spatial index a command takes from the state it
 * started from is compared with one built from its draft, so a handler that moves a body without
 * ctx.moved fails the tests that exercise it (src/engine/context.ts engineChecks).
 */
import { engineChecks } from "../../src/engine/context";

engineChecks.indexes = true;
engineChecks.reads = true;
