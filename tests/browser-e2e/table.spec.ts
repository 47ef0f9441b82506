/**
 * What a person does at the table: drag a token out of a threatened hex and answer the reaction
 * prompt, spend AP from the sheet until the buttons disable, advance phases and segments from the
 * tracker, and save a session and load it back.
 */
import { join } from "node:path";

import {
  ACTION_BUTTONS,
  actionButton,
  ARTIFACTS,
  boxOf,
  cellCentre,
  clickTracker,
  combatantIn,
  currentSteps,
  declineAll,
  HEX_NEIGHBOURS,
  localize,
  ok,
  occupiedCells,
  open,
  state,
  test,
} from "./support";

test("reaction: dragging a token out of a threatened hex prompts a Reaction Attack that spends RP and rolls in chat", async ({
  page,
  shoot,
}) => {
  await open(page, "flow", 11);
  await shoot("loaded");
  await clickTracker(page, "start");
  let s = await state(page);
  ok(s.status === "active" && s.current, "Start did not begin combat with someone's turn");
  const mover = s.current;
  await shoot("started");

  // The tracker's header as drawn before the move: the move adds its waiting line in place.
  await page.evaluate(() => {
    Object.assign(window, {
      headerBefore: {
        controls: document.querySelector("[data-pg=tracker] .tempo-tracker__controls"),
        bar: document.querySelector("[data-pg=tracker] [data-pg=tracker-controls]"),
      },
    });
  });

  // An empty neighbouring hex: leaving the mover's hex provokes whoever threatens it.
  const token = page.locator(`.pg-token[data-id="${mover}"]`);
  const [q, r] = ((await token.getAttribute("data-cell")) ?? "").split(",").map(Number) as [number, number];
  const occupied = occupiedCells(s);
  const box = await boxOf(token, `${mover}'s token`);
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  let dropped: string | null = null;
  for (const [dq, dr] of HEX_NEIGHBOURS) {
    const key = `${q + dq},${r + dr}`;
    if (occupied.has(key) || (await page.locator(`.pg-grid [data-cell="${key}"]`).count()) === 0) continue;
    const to = await cellCentre(page, key);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 3 });
    await page.mouse.move(to.x, to.y, { steps: 3 });
    const refused = await page.locator(".pg-ruler-label.pg-path-refused").count();
    const provokes = await page.locator(".pg-provoke").count();
    if (refused === 0 && provokes > 0) {
      const label = await page.locator(".pg-ruler-label").textContent();
      ok(/\d/.test(label ?? ""), `the ruler shows no cost: "${label}"`);
      await shoot("drag-ruler");
      await page.mouse.up();
      dropped = key;
      break;
    }
    // Not this hex: bring the token back to where it stands, so dropping it moves nothing.
    await page.mouse.move(from.x, from.y, { steps: 2 });
    await page.mouse.up();
  }
  ok(dropped, `no neighbouring hex of ${mover} gave a legal, provoking move`);

  const prompt = page.locator("[data-pg=prompt]");
  await prompt.waitFor({ state: "visible", timeout: 5000 });
  const header = await page.evaluate(() => {
    const before = (window as unknown as { headerBefore: Record<string, Element | null> }).headerBefore;
    const controls = document.querySelector("[data-pg=tracker] .tempo-tracker__controls");
    const bar = document.querySelector("[data-pg=tracker] [data-pg=tracker-controls]");
    return {
      waiting: document.querySelector("[data-pg=tracker] .tempo-tracker__waiting")?.textContent ?? "",
      sameControls: controls !== null && controls === before["controls"],
      sameBar: bar !== null && bar === before["bar"],
      barBesideControls: bar?.previousElementSibling === controls,
    };
  });
  ok(header.waiting.trim() !== "", "the tracker does not say whom it waits for");
  ok(
    header.sameControls && header.sameBar && header.barBesideControls,
    `the tracker's header was not laid over itself: ${JSON.stringify(header)}`,
  );
  s = await state(page);
  const reactor = await prompt.getAttribute("data-who");
  ok(
    reactor && combatantIn(s, reactor).side !== combatantIn(s, mover).side,
    "the prompt is not for an enemy of the mover",
  );
  ok(
    s.offers.some((o) => o.who === reactor && o.with === "reactionAttack"),
    "no Reaction Attack was offered",
  );
  const seconds = await prompt.locator("[data-tempo-seconds]").textContent();
  ok(/1[45]/.test(seconds ?? ""), `the prompt countdown does not start at 15 s: "${seconds}"`);
  const rpBefore = combatantIn(s, reactor).pools["rp"] ?? 0;
  await shoot("prompt");

  const chatBefore = await page.locator("[data-pg=chat-list] > li").count();
  await prompt.locator('[data-reaction="reactionAttack"] [data-action=tempoReact]').click();
  await page.waitForTimeout(100);
  // The mover may now Dodge/Parry the Reaction Attack ("Reaction Chains"): decline it.
  await declineAll(page, shoot, "chain");
  s = await state(page);
  ok(
    combatantIn(s, reactor).pools["rp"] === rpBefore - 1,
    `RP of ${reactor} went from ${rpBefore} to ${combatantIn(s, reactor).pools["rp"]}, not down by 1`,
  );
  const cards = page.locator("[data-pg=chat-list] > li");
  ok((await cards.count()) > chatBefore, "no chat card for the reaction");
  const reactCard = page.locator('[data-pg=chat-list] > li[data-command="react"]').first();
  await reactCard.waitFor({ state: "visible", timeout: 3000 });
  const dice = await reactCard.locator(".pg-die, .dice-roll, [data-die], .tempo-die").count();
  ok(dice > 0, "the reaction's chat card shows no die");
  await shoot("resolved");
});

test("sheet: taking actions from the sheet until AP runs out disables the AP buttons", async ({
  page,
  shoot,
}) => {
  await open(page, "flow", 23);
  await clickTracker(page, "start");
  const who = (await state(page)).current;
  await page.locator(`[data-pg=sheet][data-combatant="${who}"]`).waitFor({ timeout: 5000 });
  await shoot("sheet-start");
  const costs: Record<string, number> = await page.evaluate(() =>
    Object.fromEntries(Object.values(window.tempo.ruleset.actions).map((a) => [a.id, a.cost?.ap ?? 0])),
  );
  const apOf = async () => combatantIn(await state(page), who).pools["ap"] ?? 0;
  // Actions that end the turn or need set-up are left out: the point is spending AP.
  const skip = new Set(["totalDefense"]);
  for (let round = 0; round < 12; round++) {
    const ap = await apOf();
    if (ap === 0) break;
    const enabled = await page
      .locator(ACTION_BUTTONS)
      .evaluateAll((els) =>
        els.filter((e) => !e.hasAttribute("disabled")).map((e) => e.getAttribute("data-action-id") ?? ""),
      );
    const pick = ["attack", "flowState", ...enabled].find(
      (id) => enabled.includes(id) && !skip.has(id) && (costs[id] ?? 0) > 0,
    );
    if (!pick) break;
    await actionButton(page, pick).click();
    await page.waitForTimeout(60);
    await declineAll(page, round === 0 ? shoot : null, "sheet");
    const after = await apOf();
    ok(after < ap, `clicking ${pick} did not spend AP (${ap} -> ${after})`);
    if (round === 0) await shoot("sheet-spent-some");
  }
  const ap = await apOf();
  const buttons = await page.locator(ACTION_BUTTONS).evaluateAll((els) =>
    els.map((e) => ({
      id: e.getAttribute("data-action-id") ?? "",
      disabled: e.hasAttribute("disabled"),
    })),
  );
  ok(buttons.length > 0, "the sheet shows no action buttons");
  const wrong = buttons.filter((b) => (costs[b.id] ?? 0) > ap && !b.disabled);
  ok(wrong.length === 0, `with ${ap} AP left these still look usable: ${wrong.map((b) => b.id).join(", ")}`);
  ok(ap < 2, `AP did not run down (${ap} left)`);
  const apShown = await page
    .locator('[data-pg=sheet] [role=meter][data-pool="ap"], [data-pg=sheet] [data-pool="ap"] [role=meter]')
    .first()
    .getAttribute("aria-valuenow");
  ok(apShown === String(ap), `the sheet's AP meter shows ${apShown} but the engine has ${ap}`);
  await shoot("sheet-ap-out");
});

test("phases: the tracker advances through the four Phases to Post-Turn and the next Turn", async ({
  page,
  shoot,
}) => {
  await open(page, "phases", 5);
  await clickTracker(page, "start");
  let s = await state(page);
  ok(s.round === 1 && s.phase === 1, `Start gave round ${s.round} phase ${s.phase}`);
  const showsPhase = async (phase: number | string) => {
    const label = await localize(page, `TEMPO.Tracker.Phase.${phase}`);
    const steps = await currentSteps(page);
    ok(
      !label.startsWith("TEMPO.") && steps.includes(label),
      `the tracker highlights ${JSON.stringify(steps)}, not "${label}"`,
    );
  };
  await showsPhase(1);
  await shoot("phase-1");
  const seen: (number | string)[] = [1];
  for (let i = 0; i < 40 && !(s.round === 2 && s.phase === 1); i++) {
    await clickTracker(page, "next");
    s = await state(page);
    if (seen[seen.length - 1] !== s.phase) {
      seen.push(s.phase);
      await showsPhase(s.phase);
      await shoot(`phase-${s.phase}`);
    }
  }
  ok(JSON.stringify(seen) === JSON.stringify([1, 2, 3, 4, "postTurn", 1]), `phases went ${seen.join(" → ")}`);
  ok(s.round === 2, `after Post-Turn the Turn is ${s.round}, not 2`);
});

test("segments: the tracker goes from declarations through HIGH and LOW group initiative to the end of the round", async ({
  page,
  shoot,
}) => {
  await open(page, "segments", 3);
  await clickTracker(page, "start");
  let s = await state(page);
  ok(s.stage === "declare", `Start opened stage ${s.stage}, not declare`);
  const showsStage = async () => {
    const steps = await currentSteps(page);
    const stage = await localize(page, `TEMPO.Tracker.Stage.${s.stage}`);
    ok(
      !stage.startsWith("TEMPO.") && steps.includes(stage),
      `the tracker highlights ${JSON.stringify(steps)}, not stage "${stage}"`,
    );
    if (s.segment !== null) {
      const segment = await localize(page, "TEMPO.Tracker.SegmentNumber", { n: s.segment });
      ok(steps.includes(segment), `the tracker highlights ${JSON.stringify(steps)}, not "${segment}"`);
    }
  };
  await showsStage();
  await shoot("declare");
  const stages = [s.stage];
  for (let i = 0; i < 30 && !(s.round === 2); i++) {
    await clickTracker(page, "next");
    await declineAll(page, null, "segments");
    s = await state(page);
    if (stages[stages.length - 1] !== s.stage) {
      stages.push(s.stage);
      await showsStage();
      await shoot(`stage-${stages.length}-${s.stage}`);
    }
  }
  ok(stages.includes("high") && stages.includes("end"), `stages went ${stages.join(" → ")}`);
  ok(
    s.round === 2 && s.stage === "declare",
    `the next round did not open at declare (round ${s.round}, ${s.stage})`,
  );
});

test("replay: a downloaded session loads back to the same state", async ({ page, shoot }) => {
  await open(page, "flow", 99);
  await clickTracker(page, "start");
  await clickTracker(page, "endTurn");
  await declineAll(page, null, "replay");
  const before = await state(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.locator("[data-pg=download]").click(),
  ]);
  const file = join(ARTIFACTS, "replay-session.json");
  await download.saveAs(file);
  await open(page, "flow", 1);
  await page.locator("[data-pg=load-file]").setInputFiles(file);
  await page.waitForFunction(
    (seq) => window.tempo.session.state.seq === seq && window.tempo.session.seed === 99,
    before.seq,
    { timeout: 5000 },
  );
  const after = await state(page);
  ok(
    JSON.stringify(after) === JSON.stringify(before),
    "the loaded session's state differs from the saved one",
  );
  await shoot("loaded-back");
});
