/**
 * What GMs reach for at the table (issue 44), in the playground: whose turn it is (a notice and a
 * tone for a player's own combatant), who has reacted (badges on rows and tokens), who the table
 * waits for, hidden foes that stay hidden from a player until revealed (in every ruleset), the
 * fight's story when it ends, and the whole log exported as the file Load log opens.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

import type { Page } from "@playwright/test";

import {
  ARTIFACTS,
  boxOf,
  cellCentre,
  clickTracker,
  combatantIn,
  declineAll,
  dragToProvoke,
  HEX_NEIGHBOURS,
  ok,
  occupiedCells,
  open,
  state,
  test,
} from "./support";

/** Open the table settings and hide (or show) a combatant, as the GM. */
async function setHidden(page: Page, id: string, hidden: boolean): Promise<void> {
  const settings = page.locator("[data-pg=table-settings]");
  if (!(await settings.evaluate((d) => (d as HTMLDetailsElement).open)))
    await settings.locator("summary").click();
  const box = page.locator(`[data-pg="hide-${id}"]`);
  if ((await box.isChecked()) !== hidden) await box.click();
}

const viewAs = (page: Page, id: string) => page.locator("[data-pg=viewer]").selectOption(id);

/** What a viewer can read of the fight on the page, and the ids its elements carry. */
function seen(page: Page): Promise<{ text: string; ids: string[] }> {
  return page.evaluate(() => ({
    // What the fight shows (the sample's own introduction, written before the fight, aside).
    text: ["tracker", "chat", "map", "sheet", "prompt", "table"]
      .map((name) => document.querySelector<HTMLElement>(`[data-pg=${name}]`)?.innerText ?? "")
      .join("\n"),
    ids: [...document.querySelectorAll("[data-combatant-id], .pg-token[data-id]")].map(
      (e) => e.getAttribute("data-combatant-id") ?? e.getAttribute("data-id") ?? "",
    ),
  }));
}

/** Whether a combatant is a player's character (the viewer list offers its player). */
const isPc = async (page: Page, id: string | null) =>
  id !== null && (await page.locator(`[data-pg=viewer] option[value="${id}"]`).count()) > 0;

/** As the GM, end turns (declining what they provoke) until a player's character acts. */
async function untilPcActs(page: Page): Promise<string> {
  for (let i = 0; i < 8; i += 1) {
    const current = (await state(page)).current;
    if (current !== null && (await isPc(page, current))) return current;
    await clickTracker(page, "endTurn");
    await declineAll(page, null, "turns");
  }
  throw new Error("no player's character came to act");
}

const tones = (page: Page) => page.evaluate(() => Number(document.documentElement.dataset["pgTones"] ?? "0"));

test("notice: a player's own combatant coming up next and then acting gets a notice and a tone; the tone follows the user's choice", async ({
  page,
  shoot,
}) => {
  await open(page, "flow", 11);
  await clickTracker(page, "start");
  const s = await state(page);
  // The player of a character who does not act first: "up next", then "your turn".
  let player: string | null = null;
  for (const id of s.order.slice(1)) if (player === null && (await isPc(page, id))) player = id;
  ok(player, "every player's character acts first");
  const name = combatantIn(s, player).name;
  await viewAs(page, player);
  const notice = page.locator("[data-pg=notice]");
  const heard: string[] = [];
  for (let i = 0; i < 8 && (await state(page)).current !== player; i += 1) {
    await clickTracker(page, "endTurn");
    await declineAll(page, null, "notice");
    heard.push((await notice.textContent()) ?? "");
  }
  ok(
    heard.some((t) => t.includes(`Up next: ${name}.`)),
    `no "up next" notice: ${JSON.stringify(heard)}`,
  );
  await page.waitForFunction(
    (n) => document.querySelector("[data-pg=notice]")?.textContent?.includes(`Your turn: ${n} acts now.`),
    name,
  );
  ok((await tones(page)) >= 2, "no tone played with the notices");
  const second = player;
  await shoot("your-turn");
  // The tracker marks the acting row and the next one in the ruleset's words.
  const acting = page.locator(`[data-pg=tracker] [data-combatant-id="${second}"].is-acting`);
  ok((await acting.count()) === 1, "the acting row is not marked");
  // The user turns the tone off: the next notice comes without one.
  await page.locator("[data-pg=table-settings] summary").click();
  await page.locator("[data-pg=notice-sound]").uncheck();
  const before = await tones(page);
  // Looking away and back as that player brings the turn's notice again: now without a tone.
  await viewAs(page, "");
  await notice.evaluate((el) => (el.textContent = ""));
  await viewAs(page, second);
  await page.waitForFunction(
    (n) => document.querySelector("[data-pg=notice]")?.textContent?.includes(`Your turn: ${n} acts now.`),
    name,
  );
  ok((await tones(page)) === before, "a tone played though the user turned it off");
});

test("reacted: each row and token shows its reaction state in flow's terms (RP left), spent by a reaction", async ({
  page,
  shoot,
}) => {
  await open(page, "flow", 11);
  await clickTracker(page, "start");
  const rows = page.locator("[data-pg=tracker] [data-tempo-reaction]");
  ok((await rows.count()) >= 2, "the tracker rows show no reaction state");
  ok(
    /^RP \d$/.test((await rows.first().textContent())?.trim() ?? ""),
    "a row's reaction state is not RP left",
  );
  // A token shows a reaction marker once a reaction is used, none while all are there.
  const badges = page.locator('.pg-token [data-condition="reaction"]');
  ok((await badges.count()) === 0, "a token shows a reaction badge before anybody reacted");
  await dragToProvoke(page);
  const prompt = page.locator("[data-pg=prompt]");
  await prompt.waitFor({ state: "visible" });
  const reactor = (await prompt.getAttribute("data-who")) ?? "";
  // The waiting line, with the prompt's seconds, for every viewer; the mover's row says why it stopped.
  const waiting = page.locator("[data-pg=waiting]");
  await page.waitForFunction(() =>
    /, \d+ s$/.test(document.querySelector("[data-pg=waiting]")?.textContent ?? ""),
  );
  const s = await state(page);
  ok(
    (await waiting.textContent())?.includes(combatantIn(s, reactor).name),
    `the waiting line does not name ${reactor}`,
  );
  const held = page.locator("[data-pg=tracker] .tempo-tracker__held li");
  ok((await held.first().textContent())?.includes("stopped"), "the mover is not told why its token stopped");
  await shoot("waiting");
  const rpBefore = combatantIn(s, reactor).pools["rp"] ?? 0;
  await prompt.locator("[data-action=tempoReact]:not([disabled])").first().click();
  await declineAll(page, null, "chain");
  const row = page.locator(`[data-pg=tracker] [data-combatant-id="${reactor}"] [data-tempo-reaction]`);
  await page.waitForFunction(
    ([id, rp]) =>
      document
        .querySelector(`[data-pg=tracker] [data-combatant-id="${id}"] [data-tempo-reaction]`)
        ?.textContent?.trim() === `RP ${rp}`,
    [reactor, rpBefore - 1] as const,
  );
  ok(
    (await row.getAttribute("title"))?.includes("RP left"),
    "the row's reaction state says no more than a number",
  );
  ok(await waiting.isHidden(), "the waiting line stays after the reaction");
  const badge = page.locator(`.pg-token[data-id="${reactor}"] [data-condition="reaction"]`);
  // The badge's own text (its tooltip, a <title>, follows it).
  const shown = await badge.evaluate((el) => el.firstChild?.textContent?.trim() ?? "");
  ok(shown === `RP ${rpBefore - 1}`, `the reactor's token shows "${shown}", not its RP left`);
  await shoot("reacted");
});

/** Each ruleset's sample: a player's character and the foe the GM hides. */
const HIDING: Record<string, { pc: string; foe: string; foeName: string }> = {
  flow: { pc: "ana", foe: "grukk", foeName: "Grukk" },
  rating: { pc: "hero", foe: "bandit", foeName: "Bandit" },
  segments: { pc: "fighter", foe: "ogre", foeName: "Ogre" },
  phases: { pc: "comet", foe: "brick", foeName: "Brick" },
  marching: { pc: "lead", foe: "goblin1", foeName: "Goblin Sneak" },
};

for (const [ruleset, { pc, foe, foeName }] of Object.entries(HIDING)) {
  test(`hidden ${ruleset}: a foe the GM hides is not on a player's page (row, token, chat, rolls) until the GM reveals it`, async ({
    page,
    shoot,
  }) => {
    await open(page, ruleset, 5);
    await setHidden(page, foe, true);
    await clickTracker(page, "start");
    // The GM sees it, marked hidden.
    ok(
      (await page.locator(`[data-pg=tracker] [data-combatant-id="${foe}"]`).getAttribute("class"))?.includes(
        "is-hidden",
      ),
      "the GM does not see the hidden foe marked",
    );
    await viewAs(page, pc);
    await page.waitForTimeout(100);
    const before = await seen(page);
    ok(!before.ids.includes(foe), `${foe}'s row or token is on the player's page`);
    const at = before.text.indexOf(foeName);
    ok(
      at < 0,
      `${foeName} is named on the player's page: "${before.text.slice(Math.max(0, at - 150), at + 60)}"`,
    );
    const chat = await page.locator("[data-pg=chat-list]").innerHTML();
    ok(
      !chat.includes(foe) && !chat.includes(foeName),
      "the hidden foe's initiative or rolls reach the player's chat",
    );
    await shoot("player-before");
    // The GM reveals it: the player sees it from then on.
    await viewAs(page, "");
    await setHidden(page, foe, false);
    await viewAs(page, pc);
    await page.waitForTimeout(100);
    const after = await seen(page);
    ok(after.ids.includes(foe), `${foe}'s row is not on the player's page after the reveal`);
    ok(after.text.includes(foeName), `${foeName} is not named after the reveal`);
    await shoot("player-after");
  });
}

test("hidden ruler: a provoking cell of a hidden foe is neither drawn nor counted for its player", async ({
  page,
  shoot,
}) => {
  await open(page, "flow", 11);
  await clickTracker(page, "start");
  const mover = await untilPcActs(page);
  const s = await state(page);
  const foes = s.combatants.filter((c) => c.side !== combatantIn(s, mover).side).map((c) => c.id);
  await dragToProvoke(page);
  // Undo the move (the GM's Undo) once answered, then hide every foe and look as the mover's player.
  await declineAll(page, null, "ruler");
  await page.locator("[data-pg=tracker] [data-pg-command=undo]").click();
  for (const id of foes) await setHidden(page, id, true);
  await viewAs(page, mover);
  const token = page.locator(`.pg-token[data-id="${mover}"]`);
  const box = await boxOf(token, "the mover");
  const [q, r] = ((await token.getAttribute("data-cell")) ?? "").split(",").map(Number) as [number, number];
  let sawNone = true;
  for (const [dq, dr] of HEX_NEIGHBOURS) {
    const key = `${q + dq},${r + dr}`;
    if (
      occupiedCells(await state(page)).has(key) ||
      (await page.locator(`.pg-grid [data-cell="${key}"]`).count()) === 0
    )
      continue;
    const to = await cellCentre(page, key);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 4 });
    if ((await page.locator(".pg-provoke").count()) > 0) sawNone = false;
    const label = (await page.locator(".pg-ruler-label").textContent()) ?? "";
    ok(!/provok/i.test(label), `the ruler counts a hidden foe's provocation: "${label}"`);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 2 });
    await page.mouse.up();
  }
  ok(sawNone, "a hidden foe's provoking cell is drawn for the player");
  await shoot("ruler-hidden");
});

test("story: ending the combat posts the fight's story (the GM's, or everyone's as the GM chooses), and Export log saves the file Load log opens", async ({
  page,
  shoot,
}) => {
  await open(page, "flow", 11);
  await clickTracker(page, "start");
  await clickTracker(page, "endTurn");
  await declineAll(page, null, "story");
  await page.locator("[data-pg=table-settings] summary").click();
  await page.locator("[data-pg=story-audience]").selectOption("public");
  await clickTracker(page, "end");
  const story = page.locator("[data-pg=chat-list] [data-tempo-story]");
  await story.waitFor({ state: "visible" });
  const s = await state(page);
  ok((await story.locator(".tempo-story__row").count()) === s.roster.length, "the story leaves someone out");
  ok(
    (await story.locator(".tempo-chat__subtitle").textContent())?.includes("rounds"),
    "the story does not count rounds",
  );
  await shoot("story");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.locator("[data-pg=export-log]").click(),
  ]);
  const file = join(ARTIFACTS, "exported-log.json");
  await download.saveAs(file);
  const saved = JSON.parse(readFileSync(file, "utf8")) as { format: string; commands: unknown[] };
  ok(
    saved.format === "tempo-playground-session" && saved.commands.length > 0,
    "the exported log is not a session file",
  );
  await open(page, "flow", 1);
  await page.locator("[data-pg=load-file]").setInputFiles(file);
  await page.waitForFunction((seq) => window.tempo.session.state.seq === seq, s.seq);
  ok(JSON.stringify(await state(page)) === JSON.stringify(s), "the exported log loads back to another state");
  // A player does not see a story whispered to the GM.
  await page.locator("[data-pg=table-settings] summary").click();
  await page.locator("[data-pg=story-audience]").selectOption("whisper");
  await viewAs(page, "ana");
  ok(
    (await page.locator("[data-pg=chat-list] [data-tempo-story]").count()) === 0,
    "a whispered story reaches a player",
  );
});
