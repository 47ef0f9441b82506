/**
 * No dead control and no dead end (issue 45): every control does what it says, every "Try this"
 * step works as written, careless input (a double click, a bad seed, a bad cost, a broken log file)
 * gets a clear answer and changes nothing it should not, and a reload buys no time.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";

import {
  ARTIFACTS,
  actionButton,
  clearToasts,
  clickTracker,
  combatantIn,
  declineAll,
  freeHexKeys,
  localize,
  ok,
  open,
  placeOf,
  state,
  test,
} from "./support";

test("malformed log: a file that is not JSON is named in a GM's words, not the parser's, and the fight in play is kept", async ({
  page,
  shoot,
}) => {
  await open(page, "flow", 21);
  await clickTracker(page, "start");
  const before = await state(page);
  const file = join(ARTIFACTS, "malformed-log.json");
  writeFileSync(file, '{"format": "tempo-playground-session", "version": 1, "commands": [');
  await page.locator("[data-pg=load-file]").setInputFiles(file);
  // Mid-fight, loading asks first; the GM says to go on.
  await page.locator("[data-pg=confirm-leave]").click();
  const toast = page.locator(".pg-toast-error").last();
  await toast.waitFor();
  const text = (await toast.textContent()) ?? "";
  const expected = await localize(page, "TEMPO.Playground.Toast.LoadFailed", {
    message: await localize(page, "TEMPO.Playground.Toast.NotJson"),
  });
  ok(text === expected, `the toast reads "${text}", not "${expected}"`);
  ok(!/SyntaxError|Unexpected|JSON\.parse/.test(text), `the toast shows the parser's words: "${text}"`);
  const after = await state(page);
  ok(after.seq === before.seq && after.current === before.current, "the fight in play was not kept");
  await shoot("malformed-log");
});

test("costs: 99999, 2.5 and 21 typed as a rating action's cost get the rule's own refusal, as clear as -3, and spend nothing", async ({
  page,
  shoot,
}) => {
  await open(page, "rating", 8);
  await clickTracker(page, "start");
  const s = await state(page);
  const who = s.current;
  ok(who, "nobody acts after the start");
  const before = combatantIn(s, who).pools["ap"];
  const input = page.locator(`[data-pg=sheet] input[data-cost-for="primary"]`);
  const texts = new Map<string, string>();
  for (const typed of ["-3", "99999", "2.5", "21"]) {
    await clearToasts(page);
    await input.fill(typed);
    await actionButton(page, "primary").click();
    const toast = page.locator(".pg-toast-refusal").last();
    await toast.waitFor();
    texts.set(typed, (await toast.textContent()) ?? "");
  }
  await shoot("cost-refused");
  const shape = (typed: string) => (texts.get(typed) ?? "").replace(typed, "#");
  for (const typed of ["99999", "2.5", "21"])
    ok(
      shape(typed) === shape("-3"),
      `a cost of ${typed} reads "${texts.get(typed)}", not the rule as -3 does: "${texts.get("-3")}"`,
    );
  ok(/1/.test(texts.get("2.5") ?? "") && !/not valid/.test(texts.get("2.5") ?? ""), "2.5 gets no rule");
  const after = await state(page);
  ok(combatantIn(after, who).pools["ap"] === before, "a refused cost spent AP");
});

test("reload: an open prompt keeps its deadline (the countdown does not start again), and a paused one stays paused", async ({
  page,
  shoot,
}) => {
  test.setTimeout(60_000);
  await open(page, "flow", 11);
  await clickTracker(page, "start");
  const s = await state(page);
  const mover = s.current;
  const free = freeHexKeys(s, mover);
  ok(free[0], `${mover} has no free neighbouring hex`);
  await page.locator(`.pg-token[data-id="${mover}"]`).focus();
  await page.keyboard.press(free[0][0]);
  await page.keyboard.press("Enter");
  const prompt = page.locator("[data-pg=prompt]");
  await prompt.waitFor({ state: "visible" });
  const seconds = async () =>
    Number((await prompt.locator("[data-tempo-seconds]").textContent())?.match(/\d+/)?.[0]);
  const full = await seconds();
  await page.waitForTimeout(4000);
  const before = await seconds();
  ok(before <= full - 3, `the countdown did not run: ${full} then ${before}`);
  await page.reload();
  await page.waitForSelector("#playground[data-ready=true]", { timeout: 15_000 });
  await prompt.waitFor({ state: "visible" });
  const after = await seconds();
  ok(after <= before, `the reload started the countdown again: ${before} s left before it, ${after} s after`);
  await shoot("reloaded-prompt");
  // Paused, it stays paused across a reload, with the time it had.
  await prompt.locator("[data-action=tempoPauseCountdown]").click();
  const paused = await seconds();
  await page.reload();
  await page.waitForSelector("#playground[data-ready=true]", { timeout: 15_000 });
  await prompt.waitFor({ state: "visible" });
  await page.waitForTimeout(1500);
  ok(
    (await seconds()) === paused,
    `the paused countdown read ${paused} s and ${await seconds()} s after a reload`,
  );
  ok(
    (await prompt.locator("[data-action=tempoResumeCountdown]").count()) === 1,
    "the countdown is not paused after the reload",
  );
});

test("dice seed: a seed typed before the fight applies at once and Start rolls with it; -5, 1e30, 2.5 and text are named and change nothing", async ({
  page,
  shoot,
}) => {
  await open(page, "flow", 5);
  const field = page.locator("[data-pg=seed]");
  await field.fill("77");
  await field.press("Enter");
  await page.waitForFunction(() => window.tempo.session.seed === 77);
  ok(page.url().includes("seed=77"), `the address does not name the new seed: ${page.url()}`);
  await clickTracker(page, "start");
  const started = await state(page);
  ok(
    (await page.evaluate(() => window.tempo.session.seed)) === 77,
    "Start rolled with another seed than the field's",
  );
  for (const typed of ["-5", "1e30", "2.5", "abc"]) {
    await clearToasts(page);
    await field.fill("");
    await field.pressSequentially(typed);
    await field.press("Enter");
    const toast = page.locator(".pg-toast-refusal").last();
    await toast.waitFor();
    const text = (await toast.textContent()) ?? "";
    ok(
      /0/.test(text) && /4294967295/.test(text),
      `the refusal of "${typed}" does not say what a seed is: "${text}"`,
    );
    ok(await page.locator("[data-pg=confirm-leave]").isHidden(), `"${typed}" asked to start over`);
    ok((await page.evaluate(() => window.tempo.session.seed)) === 77, `"${typed}" changed the seed`);
    ok((await field.inputValue()) === "77", `the field shows "${await field.inputValue()}" after "${typed}"`);
  }
  const after = await state(page);
  ok(after.seq === started.seq && after.status === "active", "a refused seed changed the fight");
  await shoot("seed-refused");
});

test("pools: ± presses on a pool within a moment are one chat card with the net change, and a pool above its maximum says so on the card and the sheet", async ({
  page,
  shoot,
}) => {
  await open(page, "flow", 11);
  await clickTracker(page, "start");
  let s = await state(page);
  const who = s.current;
  const ap = combatantIn(s, who).pools["ap"] ?? 0;
  const cards = page.locator("[data-pg=chat-list] > li:not([hidden])");
  const before = await cards.count();
  const pool = page.locator('[data-pg=sheet] .tempo-pool[data-pool="ap"]');
  for (let i = 0; i < 4; i++) await pool.locator("[data-action=restorePool]").click();
  await pool.locator("[data-action=spendPool]").click();
  s = await state(page);
  ok(combatantIn(s, who).pools["ap"] === ap + 3, `AP is ${combatantIn(s, who).pools["ap"]}, not ${ap + 3}`);
  ok((await cards.count()) === before + 1, `5 presses made ${(await cards.count()) - before} cards, not 1`);
  const card = cards.last();
  const text = (await card.textContent()) ?? "";
  const max = await page.evaluate(
    (id) =>
      (
        window.tempo.session.state.combatants.find((c) => c.id === id) as unknown as
          { maxPools: Record<string, number> } | undefined
      )?.maxPools["ap"],
    who,
  );
  ok(max === ap, `the fight did not start at the AP maximum (${ap} of ${max})`);
  const over = await localize(page, "TEMPO.Sheet.PoolAboveMax", { over: 3, max });
  ok(
    text.includes(over),
    `the card does not say the pool is above its maximum ("${over}"): "${text.trim()}"`,
  );
  ok(/\b3\b/.test(text), `the card does not give the net change of 3: "${text.trim()}"`);
  const sheetOver = (await pool.locator(".tempo-pool__over").textContent()) ?? "";
  ok(sheetOver.includes(over), `the sheet does not say the pool is above its maximum: "${sheetOver}"`);
  await shoot("one-card");
  // A press a while later is a new adjustment, with its own card.
  await page.waitForTimeout(3000);
  await pool.locator("[data-action=spendPool]").click();
  ok((await cards.count()) === before + 2, "a press seconds later joined the earlier card");
});

test("double click and going back: a double click on Start combat does not press the Next turn drawn under it; a Previous turn that takes back play asks first; Redo (button, Ctrl+Shift+Z, Ctrl+Y) brings back what was taken back", async ({
  page,
  shoot,
}) => {
  test.setTimeout(75_000);
  await open(page, "flow", 11);
  await page.locator('[data-pg=tracker] [data-pg-command="start"]').dblclick();
  await page.waitForTimeout(300);
  let s = await state(page);
  const first = s.order[0];
  ok(s.status === "active", "the double click did not start the combat");
  ok(
    s.current === first,
    `the double click pressed Next turn too: ${s.current} acts, not ${first}, the first in initiative`,
  );
  const accepted = await page.evaluate(() => window.tempo.session.log.filter((l) => !l.refusal).length);
  ok(accepted === 1, `a double click on Start sent ${accepted} commands`);
  await shoot("double-click-start");
  // The next combatant's turn, with a move in it: play, not only the turn passing on.
  await clickTracker(page, "next");
  await declineAll(page, null, "next");
  s = await state(page);
  const second = s.current;
  // A large token covers more than its own cell: the first free-looking hex the engine takes.
  for (const [key] of freeHexKeys(s, second)) {
    await page.locator(`.pg-token[data-id="${second}"]`).focus();
    await page.keyboard.press(key);
    await page.keyboard.press("Enter");
    await page.waitForTimeout(200);
    await declineAll(page, null, "moved");
    if (JSON.stringify(placeOf(await state(page), second)) !== JSON.stringify(placeOf(s, second))) break;
    await page.keyboard.press("Escape");
  }
  const played = await state(page);
  ok(
    JSON.stringify(placeOf(played, second)) !== JSON.stringify(placeOf(s, second)),
    `${second} did not move`,
  );
  const history = (id: string) => page.locator(`[data-pg=tracker] [data-pg-command="${id}"]`);
  await history("previousTurn").click();
  const dialog = page.locator("[data-pg=dialog]");
  await dialog.waitFor({ state: "visible" });
  await shoot("asks-before-going-back");
  await dialog.locator("[data-pg=confirm-keep]").click();
  ok(JSON.stringify(await state(page)) === JSON.stringify(played), "keeping on playing changed the fight");
  await history("previousTurn").click();
  await dialog.locator("[data-pg=confirm-back]").click();
  await page.waitForFunction((who) => window.tempo.session.state.current === who, first);
  // Redo, from the button: the turn and the move come back, as they were.
  await history("redo").click();
  await page.waitForFunction((seq) => window.tempo.session.state.seq === seq, played.seq);
  ok(
    JSON.stringify(await state(page)) === JSON.stringify(played),
    "Redo did not bring back the fight as it was",
  );
  // Ctrl+Z undoes the move; Ctrl+Shift+Z redoes it; Ctrl+Y with nothing undone says so.
  await page
    .locator("[data-pg=tracker] h2, [data-pg=tracker]")
    .first()
    .click({ position: { x: 2, y: 2 } });
  await page.keyboard.press("Control+z");
  await page.waitForFunction((seq) => window.tempo.session.state.seq !== seq, played.seq);
  await page.keyboard.press("Control+Shift+Z");
  await page.waitForFunction((seq) => window.tempo.session.state.seq === seq, played.seq);
  ok(JSON.stringify(await state(page)) === JSON.stringify(played), "Ctrl+Shift+Z did not redo the move");
  await clearToasts(page);
  await page.keyboard.press("Control+y");
  const toast = page.locator(".pg-toast-refusal").last();
  await toast.waitFor();
  ok(
    (await toast.textContent()) === (await localize(page, "TEMPO.Playground.Undo.NothingToRedo")),
    `Ctrl+Y with nothing undone said "${await toast.textContent()}"`,
  );
  await shoot("redone");
});

for (const answer of ["reactionAttack", "decline"] as const)
  test(`try this, the Crowd (flow): step 3 works as written when the prompt is answered with ${answer === "decline" ? "Decline" : "a Reaction Attack"}`, async ({
    page,
    shoot,
  }) => {
    page.setDefaultTimeout(15_000);
    await open(page, "flow", 7, "&n=20&prompt=300");
    const steps = await page.locator("[data-pg=try] li").allTextContents();
    ok(steps.length === 3, `the Crowd shows ${steps.length} try-this steps`);
    // Step 1: Start combat; Captain Ana (c1) acts first.
    await clickTracker(page, "start");
    let s = await state(page);
    ok(s.current === "c1", `c1 does not act first (${s.current} does)`);
    const from = placeOf(s, "c1");
    // Step 2: one hex back, away from the orc beside her: its prompt opens.
    await page.locator('.pg-token[data-id="c1"]').focus();
    await page.keyboard.press("a");
    await page.keyboard.press("Enter");
    const prompt = page.locator("[data-pg=prompt]");
    await prompt.waitFor({ state: "visible" });
    // Step 3: answer, then Undo.
    if (answer === "reactionAttack")
      await prompt.locator('[data-reaction="reactionAttack"] [data-action=tempoReact]').click();
    await declineAll(page, null, "answered");
    await clearToasts(page);
    await page.locator('[data-pg=tracker] [data-pg-command="undo"]').click();
    await page.locator(".pg-toast").last().waitFor();
    const said = (await page.locator(".pg-toast").last().textContent()) ?? "";
    s = await state(page);
    await shoot(`step-3-${answer}`);
    const step3 = steps[2] ?? "";
    if (answer === "decline") {
      ok(
        JSON.stringify(placeOf(s, "c1")) === JSON.stringify(from),
        `after Undo c1 stands at ${placeOf(s, "c1")}`,
      );
      ok(/Declined/.test(step3), `step 3 does not say what Undo does after a Decline: "${step3}"`);
      return;
    }
    // The move stands, as step 3 says, and Undo says why without sending the GM to a turn that is not there.
    ok(
      /Reaction Attack/.test(step3) && /stands/.test(step3),
      `step 3 promises what Undo cannot do: "${step3}"`,
    );
    ok(
      said === (await localize(page, "TEMPO.Playground.Undo.ReactionTakenFirstTurn")),
      `Undo after a Reaction Attack said "${said}"`,
    );
    await clearToasts(page);
    await page.locator('[data-pg=tracker] [data-pg-command="previousTurn"]').click();
    const back = (await page.locator(".pg-toast").last().textContent()) ?? "";
    ok(!said.includes("go back a turn"), `Undo sends the GM back a turn, and Previous turn says "${back}"`);
  });

test("setup: a tracker row's ⚙ opens the combatant's Tempo setup, from the keyboard too; before the fight it is the combatant's setup (kept on reload), during it a logged GM command", async ({
  page,
  shoot,
}) => {
  await open(page, "flow", 11);
  const gear = page.locator('[data-pg=tracker] [data-action=tempoSetup][data-who="grukk"]');
  await gear.focus();
  await page.keyboard.press("Enter");
  const dialog = page.locator("[data-pg=dialog]");
  await dialog.waitFor({ state: "visible" });
  const title = (await dialog.locator("#pg-dialog-title").textContent()) ?? "";
  const name = await page.evaluate(
    () => window.tempo.session.state.combatants.find((c) => c.id === "grukk")!.name,
  );
  ok(
    title === (await localize(page, "TEMPO.Tracker.Control.Setup", { name })),
    `the dialog is titled "${title}"`,
  );
  for (const field of ["side", "surprised", "marching", "unseen"])
    ok((await dialog.locator(`[name="${field}"]`).count()) === 1, `the setup has no ${field} field`);
  ok(
    (await dialog.locator("label").first().textContent()) ===
      (await localize(page, "TEMPO.Setup.Field.side.Label")),
    "the setup's labels are not localised",
  );
  await shoot("setup-open");
  // Escape keeps everything as it was; focus goes back to the ⚙.
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  ok(await gear.evaluate((el) => el === document.activeElement), "focus did not go back to the ⚙");
  // Before the fight: Surprised, saved from the keyboard, is Grukk's setup; the start reads it.
  await page.keyboard.press("Enter");
  await dialog.waitFor({ state: "visible" });
  await dialog.locator('[name="surprised"]').check();
  await dialog.locator("[data-pg=dialog-save]").click();
  await dialog.waitFor({ state: "hidden" });
  const surprised = () =>
    (
      window.tempo.session as unknown as { setup: { combatants: { id: string; surprised?: boolean }[] } }
    ).setup.combatants.find((c) => c.id === "grukk")?.surprised === true;
  await page.waitForFunction(surprised);
  await page.reload();
  await page.waitForSelector("#playground[data-ready=true]", { timeout: 15_000 });
  ok(await page.evaluate(surprised), "a reload lost the setup");
  // During the fight: Unseen is a logged GM command the engine takes.
  await clickTracker(page, "start");
  await page.locator('[data-pg=tracker] [data-action=tempoSetup][data-who="grukk"]').click();
  await dialog.waitFor({ state: "visible" });
  await dialog.locator('[name="unseen"]').check();
  await dialog.locator("[data-pg=dialog-save]").click();
  await page.waitForFunction(() =>
    window.tempo.session.log.some((l) => l.command.type === "setCombatant" && !l.refusal),
  );
  const s = await page.evaluate(
    () =>
      window.tempo.session.state.combatants.find((c) => c.id === "grukk") as unknown as { unseen: boolean },
  );
  ok(s.unseen, "Unseen saved during the fight did not reach the engine");
  // A marching place of 2.5 is named and changes nothing.
  await page.locator('[data-pg=tracker] [data-action=tempoSetup][data-who="grukk"]').click();
  await dialog.locator('[name="marching"]').fill("2.5");
  await dialog.locator("[data-pg=dialog-save]").click();
  const toast = page.locator(".pg-toast-refusal").last();
  await toast.waitFor();
  ok(/2\.5/.test((await toast.textContent()) ?? ""), "a marching place of 2.5 was not named");
  await shoot("setup-refused");
});

test("try this, Roadside (rating): each step works as written: the surprised scout cannot act, an action's chosen AP empties its pips, End turn passes to the next in order", async ({
  page,
  shoot,
}) => {
  await open(page, "rating", 4);
  // Step 1: Start combat; the surprised scout cannot act yet.
  await clickTracker(page, "start");
  let s = await state(page);
  ok(s.status === "active" && s.current !== null, "Start combat did not start the fight");
  ok(s.current !== "scout", "the surprised scout acts first");
  const who = s.current;
  const ap = combatantIn(s, who).pools["ap"] ?? 0;
  // Step 2: an action with a chosen cost of 2 AP.
  await page.locator(`[data-pg=sheet] input[data-cost-for="primary"]`).fill("2");
  await actionButton(page, "primary").click();
  s = await state(page);
  ok(
    combatantIn(s, who).pools["ap"] === ap - 2,
    `2 AP chosen left ${combatantIn(s, who).pools["ap"]} of ${ap}`,
  );
  const filled = await page
    .locator('[data-pg=sheet] .tempo-pool[data-pool="ap"] .tempo-pip.is-filled')
    .count();
  ok(filled === ap - 2, `the sheet's pips show ${filled} AP, not ${ap - 2}`);
  // A foe may answer the action: its prompt is answered before the turn ends.
  await declineAll(page, null, "rating-action");
  // Step 3: End turn: the next in initiative order acts.
  const order = s.order;
  await clickTracker(page, "endTurn");
  await declineAll(page, null, "rating");
  s = await state(page);
  ok(s.current === order[order.indexOf(who!) + 1], `End turn passed to ${s.current}, not the next in order`);
  await shoot("rating-steps");
});

for (const initiative of ["take", "cede"] as const)
  test(`try this, Corridor (marching): each step works as written when the lead chooses to ${initiative} initiative`, async ({
    page,
    shoot,
  }) => {
    await open(page, "marching", 4);
    // Step 1: Start combat; the lead, Vanguard Tor, chooses.
    await clickTracker(page, "start");
    // Step 2: Take or Cede initiative: the party acts first in marching order, or the goblins, nearest first.
    await page.locator(`[data-pg=tracker] [data-action=tempoChoose][data-value="${initiative}"]`).click();
    let s = await state(page);
    const mover = s.current;
    ok(mover, `after choosing to ${initiative} initiative nobody acts`);
    const side = combatantIn(s, mover).side;
    ok(
      side === (initiative === "take" ? "party" : "goblins"),
      `after choosing to ${initiative} initiative ${mover} of ${side} acts`,
    );
    // Step 3: the acting token one square towards the other side, then End turn: the next in order acts.
    const [x, y] = placeOf(s, mover);
    await page.locator(`.pg-token[data-id="${mover}"]`).focus();
    await page.keyboard.press(initiative === "take" ? "ArrowRight" : "ArrowLeft");
    await page.keyboard.press("Enter");
    await declineAll(page, null, "marching");
    s = await state(page);
    ok(JSON.stringify(placeOf(s, mover)) !== JSON.stringify([x, y]), `${mover} did not move towards the foe`);
    const order = s.order;
    await clickTracker(page, "endTurn");
    await declineAll(page, null, "marching");
    s = await state(page);
    ok(s.current !== mover && s.current !== null, `End turn left ${s.current} acting`);
    ok(
      order.indexOf(s.current) > order.indexOf(mover),
      `End turn passed to ${s.current}, not the next in order`,
    );
    await shoot(`marching-${initiative}`);
  });

for (const answer of ["reactionAttack", "decline"] as const)
  test(`try this, Orc ambush (flow): each step works as written when the orc answers with ${answer === "decline" ? "Decline" : "a Reaction Attack"}`, async ({
    page,
    shoot,
  }) => {
    await open(page, "flow", 11);
    // Step 1: Start combat; the highest initiative acts first and their sheet opens.
    await clickTracker(page, "start");
    let s = await state(page);
    const mover = s.current;
    ok(mover === s.order[0], `${mover} acts, not ${s.order[0]}, the highest initiative`);
    ok(
      (await page.evaluate(() => window.tempo.selected)) === mover,
      "the acting combatant's sheet did not open",
    );
    // Step 2: one hex away from an orc: the ruler shows the cost and a red ! where it provokes.
    const chatBefore = await page.locator("[data-pg=chat-list] > li").count();
    let prompted = false;
    for (const [key] of freeHexKeys(s, mover)) {
      await page.locator(`.pg-token[data-id="${mover}"]`).focus();
      await page.keyboard.press(key);
      const label = page.locator(".pg-ruler-label");
      await label.waitFor();
      const provokes = (await page.locator(".pg-provoke").count()) > 0;
      const cost = (await label.textContent()) ?? "";
      if (!provokes) {
        await page.keyboard.press("Escape");
        continue;
      }
      ok(/\d/.test(cost), `the ruler shows no AP cost: "${cost}"`);
      // Step 3: drop it: the orc's prompt opens.
      await page.keyboard.press("Enter");
      prompted = await page
        .locator("[data-pg=prompt]")
        .waitFor({ state: "visible", timeout: 3000 })
        .then(() => true)
        .catch(() => false);
      if (prompted) break;
    }
    ok(prompted, `no move of ${mover} one hex away provoked a prompt`);
    const prompt = page.locator("[data-pg=prompt]");
    if (answer === "reactionAttack")
      await prompt.locator('[data-reaction="reactionAttack"] [data-action=tempoReact]').click();
    await declineAll(page, null, "ambush");
    s = await state(page);
    ok(s.offers.length === 0, "offers are still open after the answer");
    const cards = page.locator("[data-pg=chat-list] > li");
    ok((await cards.count()) > chatBefore, "the answer left nothing in the chat");
    if (answer === "reactionAttack")
      ok(
        (await page.locator('[data-pg=chat-list] > li[data-command="react"] .pg-die').count()) > 0,
        "no roll in the chat",
      );
    await shoot(`ambush-${answer}`);
  });
