/**
 * The playground page: Tempo's engine on an in-memory store, with a battle map, the system's
 * tracker, sheet, reaction prompt and chat cards, outside Foundry. This file only boots the page:
 * it reads the address, brings back a saved fight, and hands the page to its owner (playground.ts).
 */
import { fallbackEncounter, randomSeed, registeredRulesets } from "./config";
import {
  CROWD_MAX,
  CROWD_MIN,
  crowdCount,
  crowdEncounter,
  findEncounter,
  type SampleEncounter,
} from "./encounters";
import { TemplateStore } from "./handlebars";
import { loadLocalization } from "./i18n";
import { Playground } from "./playground";
import { restoreSession } from "./storage";
import { warmListFormats } from "../views/words";

/**
 * Read ?ruleset=&encounter=&seed= so a link (or a test) opens a given session (`encounter` may be
 * a Crowd's id, `crowd-flow-50`); ?n=<count> opens the ruleset's Crowd of that many (2..400). A bad
 * count falls back to the default sample and is named in `badCount`.
 */
function initialChoice(): {
  encounter: SampleEncounter;
  seed: number;
  named: boolean;
  badCount: string | null;
} {
  const params = new URLSearchParams(location.search);
  const registered = registeredRulesets();
  const wanted = params.get("ruleset");
  const ruleset = registered.find((id) => id === wanted) ?? registered[0];
  if (!ruleset) throw new Error("no ruleset is registered");
  const count = params.has("n") ? crowdCount(params.get("n")) : null;
  // ?encounter= names a sample of this ruleset, a Crowd of any allowed size included.
  const asked = findEncounter(params.get("encounter") ?? "");
  const encounter =
    (count !== null ? crowdEncounter(ruleset, count) : undefined) ??
    (asked?.setup.ruleset === ruleset ? asked : undefined) ??
    fallbackEncounter(ruleset);
  const seedParam = Number(params.get("seed"));
  const seed = Number.isInteger(seedParam) && params.has("seed") ? seedParam >>> 0 : randomSeed();
  const badCount = params.has("n") && count === null ? (params.get("n") ?? "").slice(0, 16) : null;
  if (params.has("n")) {
    // The address names the crowd by its id from now on, as the header keeps it: a later pick in
    // the encounter picker changes `encounter`, and a stale `n` must not win over it on reload.
    const url = new URL(location.href);
    url.searchParams.delete("n");
    if (count !== null) url.searchParams.set("encounter", encounter.id);
    history.replaceState(null, "", url);
  }
  return { encounter, seed, named: params.has("ruleset") || params.has("n"), badCount };
}

async function boot(): Promise<void> {
  const root = document.getElementById("playground");
  if (!root) return;
  const loc = await loadLocalization();
  const templates = new TemplateStore(loc);
  const labels: Record<string, string> = {
    ".pg-map-panel": "TEMPO.Playground.Panel.Map",
    "[data-pg=tracker]": "TEMPO.Playground.Panel.Tracker",
    "[data-pg=sheet]": "TEMPO.Playground.Panel.Sheet",
    "[data-pg=chat]": "TEMPO.Playground.Panel.Chat",
  };
  for (const [selector, key] of Object.entries(labels))
    root.querySelector(selector)?.setAttribute("aria-label", loc.localize(key));
  document.title = loc.localize("TEMPO.Playground.Title");
  const app = new Playground(loc, templates, root);
  // The templates come first: a restored fight's chat cards are drawn from the system's chat card
  // template with their rolls and results, exactly as before the reload.
  await app.loadTemplates();
  const { encounter, seed, named, badCount } = initialChoice();
  const restored = restoreSession();
  const saved = restored && "session" in restored ? restored : null;
  // A reload (or a bare address) brings the saved fight back; a link naming another session wins.
  const keep =
    saved &&
    (!named ||
      (saved.file.ruleset === encounter.setup.ruleset &&
        saved.file.encounter === encounter.id &&
        saved.file.seed === seed));
  if (saved && keep) {
    const savedEncounter = findEncounter(saved.file.encounter) ?? {
      ...fallbackEncounter(saved.file.ruleset),
      setup: saved.file.setup,
    };
    app.useSession(savedEncounter, saved.session);
    app.header.build();
    if (saved.file.commands.length > 0)
      app.toast(loc.format("TEMPO.Playground.Toast.Restored", { count: saved.file.commands.length }), "info");
  } else {
    if (restored && "error" in restored)
      app.toast(
        loc.format("TEMPO.Playground.Toast.RestoreFailed", { message: app.loadErrorText(restored.error) }),
        "error",
      );
    app.load(encounter, seed);
    app.header.build();
  }
  if (badCount !== null)
    app.toast(
      loc.format("TEMPO.Playground.Toast.BadCrowdSize", { n: badCount, min: CROWD_MIN, max: CROWD_MAX }),
      "error",
    );
  app.render();
  root.dataset["ready"] = "true";
  // What the first command would otherwise make on the spot is made while the page is idle.
  const idle = (task: () => void) =>
    typeof requestIdleCallback === "function"
      ? requestIdleCallback(task, { timeout: 200 })
      : setTimeout(task, 200);
  idle(() => warmListFormats(loc));
  // A handle for the browser console: read the state, the log, or send a command by hand.
  Object.assign(window, { tempo: app });
}

void boot();
