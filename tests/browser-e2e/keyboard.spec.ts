/**
 * The fight from the keyboard alone (issue 30) at 1280x720 and 1920x1080: skip link, Start, tokens,
 * a move and its prompt, J and an attack, End turn, Ctrl+Z, focus never dropping to the page; a
 * keyboard-opened prompt holding focus and giving it back, with WCAG AA text contrast (1400x900);
 * a key-moved token waiting at a prompt whose countdown pauses; a prompt declining itself on time.
 */
import {
  clickTracker,
  combatantIn,
  declineAll,
  focusedOn,
  freeHexKeys,
  hitAtCentre,
  HEX_KEYS,
  lowContrast,
  ok,
  occupiedCells,
  open,
  placeOf,
  state,
  tabUntil,
  test,
  type PgLogEntry,
} from "./support";

/**
 * Keyboard only (issue 30), at one size: Tab's first stop is the skip link; Start is reached with
 * Tab and pressed with Enter, and focus stays in the tracker; tabbing past every token leaves the
 * acting combatant on the sheet (focus alone selects nothing); the acting token moves with a key
 * and Enter; Ctrl+Z is refused while the prompt is open; the prompt is answered from the keyboard;
 * J jumps to the acting combatant's actions and Enter attacks, focus staying on the sheet; End
 * turn is reached with Shift+Tab and focus stays on it; Ctrl+Z undoes the end of the turn.
 */
for (const size of [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
]) {
  test(`keyboard ${size.width}x${size.height}: start, move, answer a prompt, attack, end turn and undo without a mouse; focus never drops to the page`, async ({
    page,
    shoot,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    await open(page, "flow", 11);
    const inBody = () =>
      page.evaluate(() => document.activeElement === document.body || !document.activeElement);
    await page.keyboard.press("Tab");
    ok(
      await page.evaluate(() => document.activeElement?.getAttribute("data-pg") === "skip"),
      `the first Tab stop is ${await focusedOn(page)}, not the skip link`,
    );
    await shoot("skip-link");
    const atStart = await tabUntil(
      page,
      () => document.activeElement?.matches('[data-pg=tracker] [data-pg-command="start"]'),
      null,
    );
    ok(atStart, "Tab never reached Start combat");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => window.tempo.session.state.status === "active");
    ok(!(await inBody()), "after Start focus dropped to the page");
    ok(
      await page.evaluate(() => !!document.activeElement?.closest("[data-pg=tracker]")),
      `after Start focus is on ${await focusedOn(page)}, not in the tracker`,
    );
    let s = await state(page);
    const mover = s.current;
    // Tab forward past every token: the sheet stays on whoever acts.
    let tokensSeen = 0;
    await page.locator("[data-pg=skip]").focus();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const onToken = await page.evaluate(() => document.activeElement?.classList.contains("pg-token"));
      if (onToken) tokensSeen += 1;
      else if (tokensSeen > 0) break;
    }
    ok(tokensSeen >= s.roster.length - 1, `Tab met ${tokensSeen} tokens`);
    const sheetOf = () => page.locator("[data-pg=sheet]").getAttribute("data-combatant");
    ok(
      (await sheetOf()) === mover,
      `tabbing past the tokens left ${await sheetOf()} on the sheet, not ${mover}`,
    );
    // Back to the acting token, a step away, Enter: the reaction prompt takes focus.
    const onMover = await tabUntil(
      page,
      (id) => document.activeElement?.matches(`.pg-token[data-id="${id}"]`),
      mover,
      { back: true, max: 20 },
    );
    ok(onMover, `Shift+Tab never reached ${mover}'s token`);
    const free = freeHexKeys(s, mover);
    ok(free[0], `${mover} has no free neighbouring hex`);
    await page.keyboard.press(free[0][0]);
    await page.keyboard.press("Enter");
    const prompt = page.locator("[data-pg=prompt]");
    await prompt.waitFor({ state: "visible" });
    ok(
      await page.evaluate(() => !!document.activeElement?.closest("[data-pg=prompt]")),
      "the prompt did not take focus",
    );
    const offers = (await state(page)).offers.length;
    await page.keyboard.press("Control+z");
    await page.locator(".pg-toast-refusal").last().waitFor();
    ok((await state(page)).offers.length === offers, "Ctrl+Z with a prompt open changed the offers");
    await shoot("prompt");
    // The first prompt is answered with its first reaction (Enter), the rest declined (Tab to Decline).
    await page.keyboard.press("Enter");
    for (let i = 0; i < 6 && (await prompt.isVisible()); i++) {
      await page.waitForTimeout(60);
      if (!(await prompt.isVisible())) break;
      const onDecline = await tabUntil(
        page,
        () => document.activeElement?.getAttribute("data-action") === "tempoDecline",
        null,
        { max: 10 },
      );
      ok(onDecline, "Tab never reached the prompt's Decline");
      await page.keyboard.press("Enter");
    }
    await prompt.waitFor({ state: "hidden" });
    ok(!(await inBody()), "after the prompt focus dropped to the page");
    // J: the acting combatant's first action that can be taken now; Enter attacks.
    s = await state(page);
    ok(s.current === mover, `after moving it is ${s.current}'s turn`);
    await page.keyboard.press("j");
    const action = await page.evaluate(() => document.activeElement?.getAttribute("data-action-id"));
    ok(action, `J put focus on ${await focusedOn(page)}, not an action`);
    await shoot("jumped");
    const logBefore = await page.evaluate(() => window.tempo.session.log.length);
    await page.keyboard.press("Enter");
    await page.waitForFunction((n) => window.tempo.session.log.length > n, logBefore);
    const acted: PgLogEntry | undefined = await page.evaluate(() => window.tempo.session.log.at(-1));
    ok(acted && acted.refusal === null, `Enter on ${action} was refused: ${JSON.stringify(acted?.refusal)}`);
    for (let i = 0; i < 6 && (await prompt.isVisible()); i++) {
      const onDecline = await tabUntil(
        page,
        () => document.activeElement?.getAttribute("data-action") === "tempoDecline",
        null,
        { max: 10 },
      );
      ok(onDecline, "Tab never reached the prompt's Decline after the attack");
      await page.keyboard.press("Enter");
      await page.waitForTimeout(60);
    }
    ok(
      await page.evaluate(() => !!document.activeElement?.closest("[data-pg=sheet]")),
      `after the action focus is on ${await focusedOn(page)}, not on the sheet`,
    );
    await shoot("acted");
    // End turn: a few Shift+Tabs back from the sheet; focus stays on it for the next combatant.
    const onEnd = await tabUntil(
      page,
      () => document.activeElement?.matches('[data-pg=tracker] [data-pg-command="endTurn"]'),
      null,
      { back: true, max: 40 },
    );
    ok(onEnd, "Shift+Tab never reached End turn");
    await page.keyboard.press("Enter");
    await page.waitForFunction((who) => window.tempo.session.state.current !== who, mover);
    for (let i = 0; i < 6 && (await prompt.isVisible()); i++) {
      await prompt.locator("[data-action=tempoDecline]").focus();
      await page.keyboard.press("Enter");
      await page.waitForTimeout(60);
    }
    ok(!(await inBody()), "after End turn focus dropped to the page");
    await shoot("ended");
    // Ctrl+Z: the end of the turn is undone, and a toast says so.
    if (await page.evaluate(() => document.activeElement?.matches("input, select, textarea")))
      await page.locator("[data-pg=skip]").focus();
    const ended = await state(page);
    await page.keyboard.press("Control+z");
    await page.locator(".pg-toast-info").last().waitFor();
    s = await state(page);
    ok(
      s.current === mover && ended.current !== mover,
      `Ctrl+Z left the turn with ${s.current}, not back with ${mover}`,
    );
    const toast = (await page.locator(".pg-toast-info").last().textContent()) ?? "";
    ok(toast.length > 0 && !toast.includes("TEMPO."), `the undo toast reads "${toast}"`);
    await shoot("undone");
  });
}

test("focus: a prompt opened from the keyboard takes focus on its first reaction, Escape only asks, and focus returns to the token; sheet and prompt text meet 4.5:1", async ({
  page,
  shoot,
}) => {
  test.setTimeout(75_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await open(page, "flow", 11);
  await clickTracker(page, "start");
  let s = await state(page);
  const mover = s.current;
  const free = freeHexKeys(s, mover);
  ok(free[0], `${mover} has no free neighbouring hex`);
  const token = page.locator(`.pg-token[data-id="${mover}"]`);
  await token.focus();
  await page.keyboard.press(free[0][0]);
  await page.keyboard.press("Enter");
  const prompt = page.locator("[data-pg=prompt]");
  await prompt.waitFor({ state: "visible" });
  const focus = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      return {
        inPrompt: !!el?.closest("[data-pg=prompt]"),
        action: el?.getAttribute("data-action") ?? "",
        token: el?.classList.contains("pg-token") ? el.getAttribute("data-id") : null,
        firstReaction:
          el === document.querySelector("[data-pg=prompt] [data-action=tempoReact]:not([disabled])"),
      };
    });
  let f = await focus();
  ok(f.inPrompt && f.firstReaction, `focus is on ${JSON.stringify(f)}, not the prompt's first reaction`);
  const dialog = prompt.locator('[role="alertdialog"]');
  ok((await dialog.count()) === 1, "the prompt is not an alertdialog for screen readers");
  const named = await dialog.evaluate((el) => {
    const id = el.getAttribute("aria-labelledby");
    return (id && document.getElementById(id)?.textContent?.trim()) || el.getAttribute("aria-label") || "";
  });
  ok(named.length > 0, "the prompt has no accessible name");
  // It covers none of what it competes with: the tracker's controls and the pool labels.
  for (const selector of [
    '[data-pg=tracker] [data-action="tempoNext"]',
    '[data-pg=tracker] [data-pg-command="endTurn"]',
    "[data-pg=tracker] .tempo-pool__name",
    "[data-pg=sheet] .tempo-pool__name",
  ]) {
    const all = page.locator(selector);
    for (let i = 0; i < Math.min(await all.count(), 6); i++) {
      const at = await hitAtCentre(all.nth(i));
      if (at.inView) ok(at.hit, `the prompt (or something) covers ${selector}: ${at.what}`);
    }
  }
  const low = [
    ...(await lowContrast(page, "[data-pg=prompt]")),
    ...(await lowContrast(page, "[data-pg=sheet]")),
  ];
  ok(low.length === 0, `text below WCAG AA contrast: ${low.slice(0, 6).join("; ")}`);
  await shoot("prompt-focused");
  // Escape asks; it does not decline.
  const offers = (await state(page)).offers.length;
  await page.keyboard.press("Escape");
  await prompt.locator("[data-action=pgConfirmDecline]").waitFor();
  ok((await state(page)).offers.length === offers, "Escape declined without asking");
  f = await focus();
  ok(f.action === "pgKeepChoosing", `after Escape focus is on ${JSON.stringify(f)}, not Keep choosing`);
  await shoot("escape-asks");
  await page.keyboard.press("Escape");
  await prompt.locator("[data-action=pgConfirmDecline]").waitFor({ state: "detached" });
  f = await focus();
  ok(f.firstReaction, "a second Escape does not bring focus back to the first reaction");
  ok((await state(page)).offers.length === offers, "the second Escape declined");
  // Decline from the keyboard, each prompt in turn: focus goes back to the moved token.
  for (let i = 0; i < 6 && (await prompt.isVisible()); i++) {
    f = await focus();
    ok(f.inPrompt, `prompt ${i + 1} opened without taking focus (${JSON.stringify(f)})`);
    await prompt.locator("[data-action=tempoDecline]").focus();
    await page.keyboard.press("Enter");
    await page.waitForTimeout(80);
  }
  ok(!(await prompt.isVisible()), "a prompt is still open after declining them all");
  f = await focus();
  ok(f.token === mover, `after the prompt closed focus is on ${JSON.stringify(f)}, not ${mover}'s token`);
  s = await state(page);
  ok(s.offers.length === 0, "offers are still open");
  await shoot("focus-back");
});

test("keyboard: a token moved with the keys waits at the prompt, the countdown pauses, and declining lets the move finish", async ({
  page,
  shoot,
}) => {
  await open(page, "flow", 11);
  await clickTracker(page, "start");
  let s = await state(page);
  const mover = s.current;
  const [q, r] = placeOf(s, mover);
  const occupied = occupiedCells(s);
  const free = Object.entries(HEX_KEYS).find(([, [dq, dr]]) => !occupied.has(`${q + dq},${r + dr}`));
  ok(free, `${mover} has no free neighbouring hex`);
  const [key, [dq, dr]] = free;
  // Someone whose turn it is not tries first: the engine refuses, and a localised toast says why.
  const other =
    s.order.find((id) => id !== mover && combatantIn(s, id).side === combatantIn(s, mover).side) ??
    s.order.find((id) => id !== mover);
  const [oq, or] = placeOf(s, other);
  const otherFree = Object.entries(HEX_KEYS).find(([, [a, b]]) => !occupied.has(`${oq + a},${or + b}`));
  ok(otherFree, `${other} has no free neighbouring hex`);
  await page.locator(`.pg-token[data-id="${other}"]`).focus();
  await page.keyboard.press(otherFree[0]);
  await page.keyboard.press("Enter");
  const toast = page.locator(".pg-toast-refusal").last();
  await toast.waitFor();
  const said = (await toast.textContent()) ?? "";
  ok(said.length > 0 && !said.includes("TEMPO."), `the refusal toast is not localised: "${said}"`);
  await shoot("refused");
  await page.locator(`.pg-token[data-id="${mover}"]`).focus();
  await page.keyboard.press(key);
  await page.locator(".pg-ruler-label").waitFor();
  await shoot("keyboard-plan");
  await page.keyboard.press("Enter");
  const prompt = page.locator("[data-pg=prompt]");
  await prompt.waitFor({ state: "visible" });
  await prompt.locator("[data-action=tempoPauseCountdown]").click();
  // The bar's width is the time left; paused, it stays where it is.
  const clock = async () =>
    `${await prompt.locator(".tempo-prompt__fill").getAttribute("style")} ${await prompt.locator("[data-tempo-seconds]").textContent()}`;
  const paused = await clock();
  await page.waitForTimeout(1300);
  const still = await clock();
  ok(paused === still, `the paused countdown moved from ${paused} to ${still}`);
  await prompt.locator("[data-action=tempoResumeCountdown]").click();
  await page.waitForTimeout(1300);
  const running = await clock();
  ok(running !== still, `the resumed countdown stayed at ${running}`);
  await shoot("prompt-paused");
  await declineAll(page, null, "keyboard");
  s = await state(page);
  const at = placeOf(s, mover);
  ok(at[0] === q + dq && at[1] === r + dr, `${mover} is at ${at}, not at ${q + dq},${r + dr}`);
  ok(s.offers.length === 0, "offers are still open after declining");
  await shoot("moved");
});

test("timeout: an unanswered reaction prompt declines itself when the countdown runs out", async ({
  page,
  shoot,
}) => {
  await open(page, "flow", 11, "&prompt=2");
  await clickTracker(page, "start");
  let s = await state(page);
  const mover = s.current;
  const free = freeHexKeys(s, mover);
  ok(free[0], `${mover} has no free neighbouring hex`);
  await page.locator(`.pg-token[data-id="${mover}"]`).focus();
  await page.keyboard.press(free[0][0]);
  await page.keyboard.press("Enter");
  const prompt = page.locator("[data-pg=prompt]");
  await prompt.waitFor({ state: "visible" });
  const reactor = await prompt.getAttribute("data-who");
  const rp = combatantIn(s, reactor).pools["rp"];
  await shoot("waiting");
  // Nobody clicks: each prompt that comes up declines itself after 2 s.
  await prompt.waitFor({ state: "hidden", timeout: 12_000 });
  s = await state(page);
  ok(s.offers.length === 0, "offers are still open");
  ok(combatantIn(s, reactor).pools["rp"] === rp, `${reactor} spent RP without answering`);
  const declined = await page.evaluate(
    () =>
      window.tempo.session.log.filter(
        (l) => l.command.type === "react" && l.command.with === "decline" && !l.refusal,
      ).length,
  );
  ok(declined >= 1, "no decline was sent when the countdown ran out");
  await shoot("declined");
});
