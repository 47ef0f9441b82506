/**
 * No dead control and no dead end (issue 45): every control does what it says, every "Try this"
 * step works as written, careless input (a double click, a bad seed, a bad cost, a broken log file)
 * gets a clear answer and changes nothing it should not, and a reload buys no time.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";

import { ARTIFACTS, clickTracker, localize, ok, open, state, test } from "./support";

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
