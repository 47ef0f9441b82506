/**
 * A GM's first hour (issue 30): Undo, Previous turn and Previous round at 1280x720; a large token
 * refused at the map's corner; nothing lost across a reload, a ruleset switch kept, New encounter
 * and a bad save.
 */
import {
  boxOf,
  cellCentre,
  clearToasts,
  clickTracker,
  combatantIn,
  declineAll,
  freeHexKeys,
  localize,
  ok,
  open,
  state,
  test,
} from "./support";

test("going back: Undo is refused while reactions are asked, then undoes the move; Previous turn and Previous round go back, each with a toast saying what was undone", async ({
  page,
  shoot,
}) => {
  test.setTimeout(75_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page, "flow", 11);
  await clickTracker(page, "start");
  let s = await state(page);
  const mover = s.current;
  const free = freeHexKeys(s, mover);
  ok(free[0], `${mover} has no free neighbouring hex`);
  const startAt = combatantIn(s, mover).at;
  await page.locator(`.pg-token[data-id="${mover}"]`).focus();
  await page.keyboard.press(free[0][0]);
  await page.keyboard.press("Enter");
  const prompt = page.locator("[data-pg=prompt]");
  await prompt.waitFor({ state: "visible" });
  const offers = (await state(page)).offers.length;
  const history = (id: string) => page.locator(`[data-pg=tracker] [data-pg-command="${id}"]`);
  await history("undo").click();
  const refusal = page.locator(".pg-toast-refusal").last();
  await refusal.waitFor();
  const why = await refusal.textContent();
  ok(
    why === (await localize(page, "TEMPO.Playground.Undo.OffersOpen")),
    `Undo with offers open said "${why}"`,
  );
  ok((await state(page)).offers.length === offers, "a refused Undo changed the offers");
  await shoot("undo-refused");
  await declineAll(page, null, "undo");
  await clearToasts(page);
  await history("undo").click();
  const info = page.locator(".pg-toast-info").last();
  await info.waitFor();
  s = await state(page);
  ok(
    JSON.stringify(combatantIn(s, mover).at) === JSON.stringify(startAt),
    `Undo left ${mover} at ${combatantIn(s, mover).at}, not ${startAt}`,
  );
  const moverName = combatantIn(s, mover).name;
  const said = (await info.textContent()) ?? "";
  ok(said.includes(moverName), `the Undo toast does not say whose move was undone: "${said}"`);
  await shoot("undone");
  // Previous turn: back to before the end of the mover's turn.
  await clickTracker(page, "endTurn");
  await declineAll(page, null, "undo");
  ok((await state(page)).current !== mover, "End turn did not pass the turn");
  await clearToasts(page);
  await history("previousTurn").click();
  await info.waitFor();
  s = await state(page);
  ok(s.current === mover, `Previous turn gave the turn to ${s.current}, not ${mover}`);
  const back = (await page.locator(".pg-toast-info").last().textContent()) ?? "";
  ok(back.includes(moverName), `the Previous turn toast does not name ${moverName}: "${back}"`);
  await shoot("previous-turn");
  // Previous round: from round 2 back into round 1.
  for (let i = 0; i < 30 && (await state(page)).round === 1; i++) {
    await clickTracker(page, "next");
    await declineAll(page, null, "undo");
  }
  ok((await state(page)).round === 2, "the fight never reached round 2");
  await clearToasts(page);
  await history("previousRound").click();
  await page.locator(".pg-toast-info").last().waitFor();
  s = await state(page);
  ok(s.round === 1 && s.status === "active", `Previous round left round ${s.round} (${s.status})`);
  await shoot("previous-round");
});

test("map edge: a large token dragged to the map's corner is refused on the ruler before the drop and stays put; the ruler's label stays inside the map", async ({
  page,
  shoot,
}) => {
  test.setTimeout(75_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page, "flow", 11);
  await clickTracker(page, "start");
  let s = await state(page);
  const large = s.roster.find((id) => combatantIn(s, id).size === "large");
  ok(large, "the flow sample has no large combatant");
  for (let i = 0; i < 12 && (await state(page)).current !== large; i++) {
    await clickTracker(page, "next");
    await declineAll(page, null, "edge");
  }
  s = await state(page);
  ok(s.current === large, `${large}'s turn never came`);
  const startAt = combatantIn(s, large).at;
  const corner = await page.locator(".pg-grid [data-cell]").last().getAttribute("data-cell");
  ok(corner, "the map has no cells");
  const box = await boxOf(page.locator(`.pg-token[data-id="${large}"] .pg-token-disc`), `${large}'s token`);
  const to = await cellCentre(page, corner);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 6 });
  const label = page.locator(".pg-ruler-label");
  await label.waitFor();
  const text = (await label.textContent()) ?? "";
  const name = combatantIn(s, large).name;
  const expected = await localize(page, "TEMPO.Refusal.FootprintOutsideScene", { who: name });
  ok(text === expected, `the ruler at the corner says "${text}", not "${expected}"`);
  ok(
    (await page.locator(".pg-ruler-label.pg-path-refused").count()) === 1,
    "the ruler is not marked refused",
  );
  const plate = await page.locator(".pg-ruler-plate").boundingBox();
  const map = await page.locator(".pg-map").boundingBox();
  ok(
    plate &&
      map &&
      plate.x >= map.x - 1 &&
      plate.y >= map.y - 1 &&
      plate.x + plate.width <= map.x + map.width + 1 &&
      plate.y + plate.height <= map.y + map.height + 1,
    `the ruler's label is clipped by the map's edge (${JSON.stringify(plate)} in ${JSON.stringify(map)})`,
  );
  await shoot("corner-refused");
  await page.mouse.up();
  s = await state(page);
  ok(
    JSON.stringify(combatantIn(s, large).at) === JSON.stringify(startAt),
    `${large} moved to ${combatantIn(s, large).at}`,
  );
  // The same drop from the keyboard: the engine's refusal, never a token hanging off the map.
  ok(
    (await page.evaluate(() => window.tempo.session.state.grid.bounds)) !== undefined,
    "the map gives the engine no bounds",
  );
});

test("nothing lost: a reload keeps the fight, switching ruleset asks first, New encounter starts over", async ({
  page,
  shoot,
}) => {
  test.setTimeout(75_000);
  await open(page, "flow", 5);
  await clickTracker(page, "start");
  await clickTracker(page, "endTurn");
  await declineAll(page, null, "reload");
  const before = await state(page);
  const accepted = () =>
    page.evaluate(() => window.tempo.session.log.filter((l) => l.refusal === null).length);
  const done = await accepted();
  ok(done >= 2 && before.status === "active", "the fight did not get going before the reload");
  const chatText = () => page.locator("[data-pg=chat-list]").evaluate((el) => (el as HTMLElement).innerText);
  const chatBefore = await chatText();
  await page.reload();
  await page.waitForSelector("#playground[data-ready=true]");
  const after = await state(page);
  ok(JSON.stringify(after) === JSON.stringify(before), "the reload lost or changed the fight");
  const chatAfter = await chatText();
  ok(
    chatAfter === chatBefore,
    `the reload changed the chat:\n${chatBefore.slice(0, 300)}\n---\n${chatAfter.slice(0, 300)}`,
  );
  ok((await accepted()) === done, "the reload lost commands from the log");
  await shoot("reloaded");
  // Switching ruleset mid-fight asks; keeping the fight changes nothing.
  await page.locator("#pg-ruleset").selectOption("phases");
  await page.locator("[data-pg=confirm-keep]").click();
  ok((await state(page)).ruleset === "flow", "keeping the fight switched the ruleset anyway");
  ok(
    (await page.locator("#pg-ruleset").inputValue()) === "flow",
    "the picker does not show the fight's ruleset after keeping it",
  );
  ok(JSON.stringify(await state(page)) === JSON.stringify(before), "keeping the fight changed it");
  // New encounter asks too, then starts over; a reload keeps the fresh start.
  await page.locator("[data-pg=restart]").click();
  await shoot("asks");
  await page.locator("[data-pg=confirm-leave]").click();
  let s = await state(page);
  ok(s.status === "setup" && (await accepted()) === 0, `New encounter left the fight ${s.status}`);
  await page.reload();
  await page.waitForSelector("#playground[data-ready=true]");
  s = await state(page);
  ok(s.status === "setup", `after New encounter and a reload the encounter is ${s.status}`);
  // A saved fight that does not replay is not loaded: the page says so and starts fresh.
  await page.evaluate(() =>
    localStorage.setItem(
      "tempo.playground.session",
      JSON.stringify({ format: "tempo-playground-session", version: 1, ruleset: "flow" }),
    ),
  );
  await page.goto(page.url().replace(/\?.*$/, ""));
  await page.waitForSelector("#playground[data-ready=true]");
  const toast = page.locator(".pg-toast-error").first();
  await toast.waitFor();
  const said = (await toast.textContent()) ?? "";
  ok(said.length > 0 && !said.includes("TEMPO."), `no localised word about the bad save: "${said}"`);
  ok((await state(page)).status === "setup", "a bad save left the page without an encounter");
});
