/**
 * The flows of a fight at the table, written once: each is a function of a Backend (see
 * backend.ts), run against the simulated table (tests/flows/flows.test.ts) and, where a
 * maintainer has a licensed Foundry build, a real server (tests/live, `npm run test:live`).
 * They check with node:assert, which both runners (Vitest and @playwright/test) report as a
 * failure, so a flow does not depend on either runner.
 */
import assert from "node:assert/strict";

import type { Cell } from "../../src/engine";
import { SEATS, TOKENS, type Backend, type Die, type Flow, type Seat, type Step } from "./backend";

/** Initiative dice for the battle (1d10 + Agility): Ana 9 + 1 = 10, Bob 4, the orc 2; Ana acts first. */
export const START_DICE: Die[] = [
  { faces: 10, value: 9 },
  { faces: 10, value: 4 },
  { faces: 10, value: 2 },
];

const walk = (...cells: Cell[]): Step[] => cells.map((cell) => ({ cell }));

/** Ana's walk along row 0, past the orc at [2, 1]: it provokes on leaving [1, 0] (flow: "moving out of a hex"). */
const WALK = walk([1, 0], [2, 0], [3, 0], [4, 0]);

/** Ana's attack on the orc and its defence: enough d10s for both sides' rolls. */
const ATTACK_DICE: Die[] = [6, 6, 3, 3].map((value) => ({ faces: 10, value }));

/** The wolf at [6, 1], in the fight: Ana's walk along row 0 to [8, 0] leaves the orc's threat, then the wolf's. */
const WOLF_AT: Cell = [6, 1];
const PAST_BOTH = walk([1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [6, 0], [7, 0], [8, 0]);
/** The wolf's initiative die (1d10 + Agility 0 = 1): it acts last. */
const WOLF_DIE: Die = { faces: 10, value: 1 };

/** The fight begun by the GM, Ana to act. */
async function begun(backend: Backend): Promise<void> {
  await backend.open();
  await backend.dice(START_DICE);
  await backend.begin("gm");
  await backend.settle();
}

/** Ana's walk past the orc, held where it provokes. */
async function held(backend: Backend): Promise<void> {
  await begun(backend);
  await backend.drag("p1", TOKENS.ana, WALK);
  await backend.settle();
}

/** The orc answers Ana's move with a killing reaction attack (the GM decides the outcome). */
async function killingBlow(backend: Backend): Promise<void> {
  const answer = await backend.command("gm", {
    type: "react",
    who: "orc",
    with: "reactionAttack",
    against: "ana",
    outcome: "kill",
  });
  assert.equal(answer.refusal, null);
  await backend.settle();
}

async function promptsOf(backend: Backend): Promise<Record<Seat, number>> {
  const out = {} as Record<Seat, number>;
  for (const seat of SEATS) out[seat] = (await backend.view(seat)).prompts;
  return out;
}

export const FLOWS: readonly Flow[] = [
  {
    name: "starts a fight: every user, the Assistant GM included, sees round 1, Ana to act, and everyone where their token stands",
    async run(backend) {
      await begun(backend);
      for (const seat of SEATS) {
        const view = await backend.view(seat);
        assert.deepEqual(
          [view.started, view.round, view.current],
          [true, 1, "ana"],
          `${seat} sees the fight started`,
        );
        assert.deepEqual(
          view.at,
          { ana: [0, 0], bob: [9, 9], orc: [2, 1], wolf: null },
          `${seat} sees where everyone stands`,
        );
      }
    },
  },
  {
    name: "holds a provoking drag at its checkpoint: Ana's walk stops, paused, on the cell she leaves the orc's threat from",
    async run(backend) {
      await held(backend);
      const gm = await backend.view("gm");
      assert.deepEqual(gm.at["ana"], [1, 0]);
      assert.deepEqual(gm.board[TOKENS.ana], [1, 0]);
      assert.equal(gm.movement[TOKENS.ana], "paused");
      assert.deepEqual(gm.offers, [["orc", "ana"]]);
      // The mover sees the same hold.
      const p1 = await backend.view("p1");
      assert.deepEqual(
        [p1.at["ana"], p1.board[TOKENS.ana]],
        [
          [1, 0],
          [1, 0],
        ],
      );
    },
  },
  {
    name: "the prompt reaches the right player: the orc's reaction attack asks Ana's defence of Player One only",
    async run(backend) {
      await held(backend);
      await killingBlow(backend);
      const prompts = await promptsOf(backend);
      assert.equal(prompts.p1, 1, "Player One is asked for Ana's defence");
      assert.equal(prompts.p2, 0, "Player Two, who does not own Ana, is asked nothing");
      // Ana may still defend: the move stays held.
      assert.equal((await backend.view("gm")).movement[TOKENS.ana], "paused");
    },
  },
  {
    name: "answer and resume: once the orc declines, the rest of Ana's walk goes on to its end, by its mover",
    async run(backend) {
      await held(backend);
      const answer = await backend.command("gm", {
        type: "react",
        who: "orc",
        with: "decline",
        against: "ana",
      });
      assert.equal(answer.refusal, null);
      await backend.settle();
      for (const seat of ["gm", "p1"] as const) {
        const view = await backend.view(seat);
        assert.deepEqual(
          [view.at["ana"], view.board[TOKENS.ana]],
          [
            [4, 0],
            [4, 0],
          ],
          `${seat} sees Ana at the end`,
        );
        assert.equal(view.movement[TOKENS.ana], "completed");
        assert.deepEqual(view.offers, []);
      }
    },
  },
  {
    name: "a second provoking cell in the same drag: Ana's walk past the orc and the wolf is held at each, answered, resumed, and finished",
    async run(backend) {
      await backend.open({ wolfAt: WOLF_AT });
      await backend.dice([...START_DICE, WOLF_DIE]);
      await backend.begin("gm");
      await backend.settle();
      await backend.drag("p1", TOKENS.ana, PAST_BOTH);
      await backend.settle();
      // Held where Ana leaves the orc's threatened cell.
      let gm = await backend.view("gm");
      assert.deepEqual(
        [gm.at["ana"], gm.board[TOKENS.ana]],
        [
          [1, 0],
          [1, 0],
        ],
      );
      assert.equal(gm.movement[TOKENS.ana], "paused");
      assert.deepEqual(gm.offers, [["orc", "ana"]]);
      const first = await backend.command("gm", {
        type: "react",
        who: "orc",
        with: "decline",
        against: "ana",
      });
      assert.equal(first.refusal, null);
      await backend.settle();
      // On again, and held where she leaves the wolf's: the same drag, paused a second time.
      gm = await backend.view("gm");
      assert.deepEqual(
        [gm.at["ana"], gm.board[TOKENS.ana]],
        [
          [5, 0],
          [5, 0],
        ],
      );
      assert.equal(gm.movement[TOKENS.ana], "paused");
      assert.deepEqual(gm.offers, [["wolf", "ana"]]);
      const second = await backend.command("gm", {
        type: "react",
        who: "wolf",
        with: "decline",
        against: "ana",
      });
      assert.equal(second.refusal, null);
      await backend.settle();
      for (const seat of ["gm", "p1"] as const) {
        const view = await backend.view(seat);
        assert.deepEqual(
          [view.at["ana"], view.board[TOKENS.ana]],
          [
            [8, 0],
            [8, 0],
          ],
          `${seat} sees Ana at the end of the walk`,
        );
        assert.equal(view.movement[TOKENS.ana], "completed");
        assert.deepEqual(view.offers, []);
      }
    },
  },
  {
    name: "roll privacy: with the GM's blind roll mode, the fight's initiative rolls show the GMs their results and the players none; Ana's own attack roll shows everyone",
    async run(backend) {
      await backend.open();
      await backend.rollMode("gm", "blindroll");
      await backend.dice(START_DICE);
      await backend.begin("gm");
      await backend.settle();
      for (const seat of ["gm", "assistant"] as const)
        assert.equal((await backend.view(seat)).rolls, 1, `${seat} sees the GM's initiative roll`);
      for (const seat of ["p1", "p2"] as const)
        assert.equal((await backend.view(seat)).rolls, 0, `${seat} sees no result of the GM's blind roll`);
      // Ana steps beside the orc (entering its threat provokes nothing) and attacks it: a player's roll is public.
      await backend.drag("p1", TOKENS.ana, walk([1, 0]));
      await backend.settle();
      await backend.dice(ATTACK_DICE);
      const answer = await backend.command("p1", {
        type: "act",
        who: "ana",
        action: "attack",
        target: "orc",
      });
      assert.equal(answer.refusal, null);
      await backend.settle();
      for (const seat of ["gm", "assistant"] as const)
        assert.equal((await backend.view(seat)).rolls, 2, `${seat} sees both rolls`);
      for (const seat of ["p1", "p2"] as const)
        assert.equal((await backend.view(seat)).rolls, 1, `${seat} sees Ana's attack roll`);
    },
  },
  {
    name: "a killing reaction stops the move: once Ana's defence is declined, her walk ends where the blow fell",
    async run(backend) {
      await held(backend);
      await killingBlow(backend);
      // Player One closes the prompt unanswered: a decline.
      await backend.closePrompts("p1");
      await backend.settle();
      const gm = await backend.view("gm");
      assert.deepEqual(
        [gm.at["ana"], gm.board[TOKENS.ana]],
        [
          [1, 0],
          [1, 0],
        ],
      );
      assert.equal(gm.movement[TOKENS.ana], "stopped");
      assert.equal((await backend.view("p1")).prompts, 0);
    },
  },
  {
    name: "the GM's place: a teleport by the GM puts Ana past the orc, no AP spent, nothing provoked, logged as the GM's place",
    async run(backend) {
      await begun(backend);
      const before = (await backend.view("gm")).ap["ana"];
      await backend.drag("gm", TOKENS.ana, [{ cell: [4, 0], action: "blink" }]);
      await backend.settle();
      const gm = await backend.view("gm");
      assert.deepEqual(
        [gm.at["ana"], gm.board[TOKENS.ana]],
        [
          [4, 0],
          [4, 0],
        ],
      );
      assert.equal(gm.ap["ana"], before);
      assert.deepEqual(gm.offers, []);
      assert.deepEqual(gm.last, { type: "place", userId: "gm" });
    },
  },
  {
    name: "the Assistant GM drives the fight too: the orc's decline sent from the Assistant's client resumes Ana's walk",
    async run(backend) {
      await held(backend);
      const answer = await backend.command("assistant", {
        type: "react",
        who: "orc",
        with: "decline",
        against: "ana",
      });
      assert.equal(answer.refusal, null);
      await backend.settle();
      const gm = await backend.view("gm");
      assert.deepEqual(
        [gm.at["ana"], gm.board[TOKENS.ana]],
        [
          [4, 0],
          [4, 0],
        ],
      );
    },
  },
  {
    name: "reload mid-prompt: the GM reloads while Ana's defence is asked; Player One's prompt stands and her decline still stops the move",
    async run(backend) {
      await held(backend);
      await killingBlow(backend);
      await backend.reload("gm");
      await backend.settle();
      assert.equal(
        (await backend.view("p1")).prompts,
        1,
        "one prompt, not a second window for the same offers",
      );
      await backend.closePrompts("p1");
      await backend.settle();
      const gm = await backend.view("gm");
      assert.deepEqual(gm.offers, []);
      assert.deepEqual(gm.at["ana"], [1, 0]);
    },
  },
  {
    name: "a player's direct write is put back: Player Two marks Bob defeated on his Combatant, and the GM's client restores the engine's value",
    async run(backend) {
      await begun(backend);
      await backend.updateCombatant("p2", "bob", { defeated: true });
      await backend.settle();
      for (const seat of ["gm", "p2"] as const)
        assert.equal((await backend.view(seat)).defeated["bob"], false, `${seat} sees Bob not defeated`);
    },
  },
];

/** Every flow's name, in order: both backends' runners list these, and a test checks they agree. */
export const FLOW_NAMES: readonly string[] = FLOWS.map((flow) => flow.name);
