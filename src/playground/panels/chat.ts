/**
 * The chat log: one card per accepted command, with the dice it rolled. Cards come from the
 * system's chat card template when it exists; until then a plain rendering of the same events.
 * Drawn by change: a new command appends its card; an undo or going back removes the cards of
 * the commands it dropped; the whole log is drawn again only for a new session (or once the
 * chat card template arrives).
 */
import type { EngineEvent, Json } from "../../engine";
import { combatantIn } from "../../engine/record";
import { commandLabel, phaseLabel } from "../../views/labels";
import { fightStory } from "../../views/story";
import { afterPaint, h } from "../dom";
import type { Frame, PlaygroundHost } from "../host";
import type { LogLine } from "../session";
import type { ViewModules } from "../views";

/** Core events the plain rendering words itself (the system's chat cards word the rest). */
const EVENT_TEXT: Readonly<Record<string, string>> = {
  combatStarted: "TEMPO.Playground.Chat.CombatStarted",
  combatEnded: "TEMPO.Playground.Chat.CombatEnded",
  roundStarted: "TEMPO.Playground.Chat.RoundStarted",
  phaseStarted: "TEMPO.Playground.Chat.PhaseStarted",
  turnStarted: "TEMPO.Playground.Chat.TurnStarted",
  initiativeRolled: "TEMPO.Playground.Chat.InitiativeRolled",
  poolSpent: "TEMPO.Playground.Chat.PoolSpent",
  poolGained: "TEMPO.Playground.Chat.PoolGained",
  reactionResolved: "TEMPO.Playground.Chat.ReactionResolved",
  reactionOffered: "TEMPO.Playground.Chat.ReactionOffered",
  actionTaken: "TEMPO.Playground.Chat.ActionTaken",
  actionDeclared: "TEMPO.Playground.Chat.ActionDeclared",
  apExhausted: "TEMPO.Playground.Chat.ApExhausted",
  reactionDeclined: "TEMPO.Playground.Chat.ReactionDeclined",
  movePaused: "TEMPO.Playground.Chat.MovePaused",
  moved: "TEMPO.Playground.Chat.Moved",
  attackResolved: "TEMPO.Playground.Chat.AttackResolved",
  defeatedChanged: "TEMPO.Playground.Chat.Defeated",
};

/** How many dice a card shows unfolded; more are folded behind a line that counts them. */
const DICE_SHOWN = 24;

/** ± presses on one pool this close together (ms) are one adjustment, and one card. */
export const ADJUST_MERGE_MS = 2500;

/** Whether two log lines adjust the same combatant's same pool (both accepted). */
function samePool(a: LogLine | undefined, b: LogLine | undefined): boolean {
  if (!a || !b || a.refusal || b.refusal) return false;
  const x = a.command;
  const y = b.command;
  return x.type === "adjustPool" && y.type === "adjustPool" && x.who === y.who && x.pool === y.pool;
}

/**
 * Several adjustments of one pool as the one adjustment they add up to: the net change, as the
 * pool's event, and the value it was left at (no event when they cancel out).
 */
export function mergedAdjustment(lines: readonly LogLine[]): LogLine | null {
  const first = lines[0];
  if (!first || first.command.type !== "adjustPool") return null;
  let net = 0;
  let value: Json | undefined;
  const others: EngineEvent[] = [];
  for (const line of lines)
    for (const e of line.events) {
      if (e.type === "poolGained" || e.type === "poolSpent") {
        const amount = typeof e["amount"] === "number" ? e["amount"] : 0;
        net += e.type === "poolGained" ? amount : -amount;
        value = e["value"];
      } else others.push(e);
    }
  const { who, pool } = first.command;
  const pooled: EngineEvent[] =
    net === 0
      ? []
      : [
          {
            type: net > 0 ? "poolGained" : "poolSpent",
            who,
            pool,
            amount: Math.abs(net),
            reason: "adjusted",
            value: value ?? 0,
          },
        ];
  return {
    command: { ...first.command, delta: net },
    refusal: null,
    events: [...pooled, ...others],
    rolls: [],
  };
}

export class ChatLog {
  /** How many log lines have been drawn. */
  private shown = 0;
  /** The card of each log line drawn, by its place in the log (null: a refused command, no card). */
  private items: (HTMLElement | null)[] = [];
  /**
   * Where the card of each log line is: its own place, or the first of a run of ± presses on the
   * same pool that share one card. `drawnAt` is when each line was drawn as it happened (0: drawn
   * with others, from a restored log, where adjacent presses share a card).
   */
  private cardOf: number[] = [];
  private drawnAt: number[] = [];
  private scrollQueued = false;
  /** Whether the cards shown were drawn from the system's chat card template. */
  private drawnWithTemplate = false;
  private readonly list: HTMLOListElement;

  constructor(
    private readonly app: PlaygroundHost,
    private readonly host: HTMLElement,
    private readonly views: ViewModules,
  ) {
    this.list = h("ol", { class: "pg-chat-list", "data-pg": "chat-list", "aria-live": "polite" });
    host.replaceChildren(
      h("h2", { class: "pg-panel-title" }, app.loc.localize("TEMPO.Playground.Chat.Title")),
      this.list,
    );
    this.list.addEventListener("click", (e) => this.onClick(e));
  }

  /** The cards' follow-up buttons: "React" brings up that combatant's prompt and sheet. */
  private onClick(e: Event): void {
    const button = e.target instanceof Element ? e.target.closest<HTMLElement>("[data-tempo-action]") : null;
    if (!button || button.hasAttribute("disabled")) return;
    if (button.dataset["tempoAction"] === "tempoReact") {
      const who = button.dataset["who"] ?? "";
      this.app.select(who);
      document
        .querySelector<HTMLElement>("[data-pg=prompt] [data-action=tempoReact]:not([disabled])")
        ?.focus();
    }
  }

  /** Buttons that can no longer do anything here are disabled, with the reason as their tooltip. */
  private settleButtons(): void {
    const open = new Set(this.app.session.state.offers.map((o) => o.who));
    for (const button of this.list.querySelectorAll<HTMLButtonElement>("button[data-tempo-action]")) {
      const action = button.dataset["tempoAction"];
      const dead =
        action === "tempoRollDamage" || (action === "tempoReact" && !open.has(button.dataset["who"] ?? ""));
      button.disabled = dead;
      if (action === "tempoRollDamage")
        button.title = this.app.loc.localize("TEMPO.Playground.Chat.NoDamage");
    }
  }

  reset(): void {
    this.shown = 0;
    this.items = [];
    this.cardOf = [];
    this.drawnAt = [];
    this.list.replaceChildren();
  }

  update(frame: Frame): void {
    const log = this.app.session.log;
    // Cards drawn plainly while the chat card template was loading are drawn again from it, so
    // the log reads the same however early it was first drawn.
    const templated = this.views.hasChatTemplate;
    if (templated !== this.drawnWithTemplate) {
      this.drawnWithTemplate = templated;
      this.reset();
    }
    // Undo and going back cut the log: the cards of the commands dropped go with them.
    if (log.length < this.shown) {
      for (const item of this.items.splice(log.length)) item?.remove();
      this.cardOf.length = log.length;
      this.drawnAt.length = log.length;
      this.shown = log.length;
      // An undo inside a run of ± presses: their card says what is left of them.
      const last = log.length - 1;
      const first = this.cardOf[last];
      if (first !== undefined && log[last]?.command.type === "adjustPool") this.drawRun(first, last);
    }
    const drawnBefore = this.shown;
    const now = log.length - drawnBefore === 1 ? Date.now() : 0;
    for (; this.shown < log.length; this.shown++) {
      const logged = log[this.shown];
      this.items[this.shown] = null;
      this.cardOf[this.shown] = this.shown;
      this.drawnAt[this.shown] = now;
      if (!logged || logged.refusal) continue;
      // A ± press on the pool the last press adjusted, a moment later: one card for both.
      const at = this.shown;
      const then = this.drawnAt[at - 1] ?? 0;
      const run = this.cardOf[at - 1];
      if (
        run !== undefined &&
        samePool(log[at - 1], logged) &&
        (now === 0 || then === 0 || now - then <= ADJUST_MERGE_MS)
      ) {
        this.cardOf[at] = run;
        this.drawRun(run, at);
        continue;
      }
      // What the viewer is shown (issue 44): a player gets no line about a combatant the GM keeps
      // hidden, and no card at all for a hidden combatant's own command; its rolls are the GM's.
      const seen = this.app.sight.entry(logged);
      const story = this.storyAfter(this.shown, logged);
      if (!seen && !story) continue;
      const line: LogLine = seen ? { ...logged, events: [...seen.events] } : { ...logged, events: [] };
      const item = h("li", { class: "pg-chat-item", "data-command": line.command.type });
      // Drawn from the state the command left, as the card was when it was posted.
      const html = seen ? this.views.chatHtml(this.app.session.stateAfter(this.shown), line) : "";
      if (!seen) item.dataset["source"] = "story";
      else if (html !== null) {
        // The system's card; under it the dice, where Foundry shows a message's Rolls.
        item.innerHTML = html;
        item.dataset["source"] = "template";
        const dice = this.dice(line);
        if (dice) item.append(dice);
      } else {
        item.dataset["source"] = "playground";
        item.append(this.card(line));
      }
      // The fight's story, under the card of the command that ended it.
      if (story !== null) item.insertAdjacentHTML("beforeend", story);
      this.list.append(item);
      this.items[this.shown] = item;
    }
    // The cards' buttons follow the open offers; nothing else here changes without a new card.
    if (this.shown !== drawnBefore || frame.changes.turn || frame.changes.all) this.settleButtons();
    // Scrolled to the newest card once the frame is drawn: reading the log's height now, or in the
    // frame's animation callbacks, would lay the whole page out inside the command.
    if (this.shown !== drawnBefore && !this.scrollQueued) {
      this.scrollQueued = true;
      afterPaint(() => {
        this.scrollQueued = false;
        this.host.scrollTop = this.host.scrollHeight;
      });
    }
  }

  /** Draw the card of the ± presses from log line `first` to `last` as the one adjustment they make. */
  private drawRun(first: number, last: number): void {
    const item = this.items[first];
    const lines = this.app.session.log.slice(first, last + 1);
    const merged = mergedAdjustment(lines);
    if (!item || !merged) return;
    const html = this.views.chatHtml(this.app.session.stateAfter(last), merged);
    if (html !== null) item.innerHTML = html;
    else item.replaceChildren(this.card(merged));
    item.dataset["presses"] = String(lines.length);
    // Presses that cancel out changed nothing: no card until the next one.
    item.hidden = merged.events.length === 0;
  }

  /**
   * The fight's story when this line ended the combat (issue 44): the GM's, whispered, unless the
   * GM made it public; a public one leaves out the combatants still hidden from players.
   */
  private storyAfter(index: number, line: LogLine): string | null {
    if (!line.events.some((e) => e.type === "combatEnded")) return null;
    const whisper = this.app.storyWhispered;
    if (whisper && !this.app.viewer.isGM) return null;
    const session = this.app.session;
    const lines = session.log.slice(0, index + 1).map((l) => ({
      command: l.command,
      events: l.events,
      refused: l.refusal !== null,
      ...(l.timedOut === true ? { timedOut: true } : {}),
    }));
    return this.views.storyHtml(
      fightStory(session.initial, lines),
      session.state.ruleset,
      this.app.sight,
      whisper,
    );
  }

  private name(id: Json | undefined): string {
    if (typeof id !== "string") return "";
    return combatantIn(this.app.session.state, id)?.name ?? id;
  }

  private card(line: LogLine): HTMLElement {
    const loc = this.app.loc;
    const who = "who" in line.command ? this.name(line.command.who) : "";
    return h(
      "article",
      { class: "pg-card" },
      h(
        "header",
        {},
        h("strong", {}, who || loc.localize("TEMPO.Playground.Chat.Gm")),
        " ",
        h(
          "span",
          { class: "pg-muted" },
          loc.localize(commandLabel(this.app.session.state.ruleset, line.command)),
        ),
      ),
      this.dice(line),
      h(
        "ul",
        { class: "pg-events" },
        ...line.events
          .filter((e) => EVENT_TEXT[e.type] !== undefined)
          .map((e) => h("li", {}, this.eventText(e))),
      ),
    );
  }

  /**
   * The dice a command rolled, each with its faces and result. A crowd's start rolls hundreds:
   * past DICE_SHOWN they wait, folded, behind a line that says how many, and are drawn only when
   * the line is opened (issue 31: 200 dice drawn with the first Start took a tenth of its time).
   */
  private dice(line: LogLine): HTMLElement | null {
    const dice = line.events.filter((e) => e.type === "diceRolled");
    if (dice.length === 0) return null;
    const strip = () =>
      dice.map((d) =>
        h(
          "span",
          { class: "pg-die", title: `${this.name(d["who"])} ${String(d["purpose"] ?? "")}`.trim() },
          h("small", {}, `d${String(d["faces"])}`),
          String(d["result"]),
        ),
      );
    if (dice.length <= DICE_SHOWN) return h("div", { class: "pg-dice", "data-pg": "dice" }, ...strip());
    const folded = h(
      "details",
      { class: "pg-dice", "data-pg": "dice" },
      h("summary", {}, this.app.loc.format("TEMPO.Playground.Chat.DiceMany", { count: dice.length })),
    );
    folded.addEventListener("toggle", () => {
      if (folded.open && folded.childElementCount === 1) folded.append(...strip());
    });
    return folded;
  }

  private eventText(e: EngineEvent): string {
    const key = EVENT_TEXT[e.type];
    if (!key) return "";
    const data: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(e))
      data[k] = typeof v === "object" && v !== null ? JSON.stringify(v) : v;
    for (const field of ["who", "target", "against", "attacker"])
      if (field in e) data[field] = this.name(e[field]);
    // segments rolls one d6 per side: its initiativeRolled carries the side's roll, no score.
    if (e.type === "initiativeRolled" && e["initiative"] === undefined) data["initiative"] = e["roll"];
    // flow names an attack's attacker `attacker`; the other rulesets `who`.
    if (e.type === "attackResolved" && e["who"] === undefined) data["who"] = this.name(e["attacker"]);
    if (typeof e["pool"] === "string") {
      data["pool"] = this.app.loc.localize(`TEMPO.Pool.${e["pool"]}.Abbr`);
      // Points granted past the maximum (flow: "It is possible to start a round with more than
      // 5") are named as such, so "AP 8/5" never reads as a mistake.
      const max =
        typeof e["who"] === "string"
          ? combatantIn(this.app.session.state, e["who"])?.maxPools[e["pool"]]
          : undefined;
      const value = typeof e["value"] === "number" ? e["value"] : 0;
      if (e.type === "poolGained" && max !== undefined && max > 0 && value > max)
        return this.app.loc.format("TEMPO.Playground.Chat.PoolGainedAboveMax", {
          ...data,
          max,
          over: value - max,
        });
    }
    if (typeof e["with"] === "string") data["with"] = this.app.loc.localize(`TEMPO.Reaction.${e["with"]}`);
    // phases counts 12-second Turns where the others count rounds.
    if (e.type === "combatEnded" && this.app.session.state.ruleset === "phases")
      return this.app.loc.format("TEMPO.Playground.Chat.CombatEndedTurn", data);
    const phase = phaseLabel(e["phase"]);
    if (e.type === "phaseStarted" && phase) data["phase"] = this.app.loc.localize(phase);
    if (typeof e["action"] === "string")
      data["action"] = this.app.loc.localize(`TEMPO.Action.${e["action"]}`);
    return this.app.loc.format(key, data);
  }
}
