/**
 * The flows' backend on a real Foundry server (tests/live/foundry.ts): each seat a browser
 * context logged in as its user through the join page, acting through Foundry's public API with
 * page.evaluate (TempoCombat#command, TokenDocument#move, Combat#startCombat, ApplicationV2#close,
 * CONFIG.Dice.randomUniform), and reading what it sees with the same readView the simulated
 * table's backend runs.
 *
 * Pages followed: TokenDocument#move (https://foundryvtt.com/api/v13/classes/foundry.documents.TokenDocument.html),
 * foundry.applications.instances (https://foundryvtt.com/api/v13/variables/foundry.applications.instances.html),
 * CONFIG.Dice.randomUniform (https://foundryvtt.com/api/v13/interfaces/CONFIG.html#dice),
 * Game#ready (https://foundryvtt.com/api/v13/classes/foundry.Game.html#ready).
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";

import type { Command } from "../../src/engine";
import {
  COMBATANTS,
  COMBAT_ID,
  GRID,
  SCENE_ID,
  SEATS,
  TOKENS,
  type Answer,
  type Backend,
  type Die,
  type Seat,
  type Step,
  type View,
  type WorldOptions,
} from "../flows/backend";
import { readView } from "../flows/read-view";
import { openWorld } from "./boot";
import type { FoundryServer } from "./foundry";
import { flowsWorld, liveId, mapIds } from "./world";

/** Each seat's user in the flows' world (tests/flows/table-backend.ts adds the Assistant as a1). */
const USER_OF: Record<Seat, string> = { gm: "gm", assistant: "a1", p1: "p1", p2: "p2" };
const PROMPT_PREFIX = "tempo-prompt-";

/** What readView gives back, before the ids are mapped back to the flows' ones. */
type Read = Omit<View, "prompts" | "rolls">;

export class LiveBackend implements Backend {
  readonly name: string;
  private readonly pages = new Map<Seat, { context: BrowserContext; page: Page }>();
  private world = flowsWorld();
  private back: Map<string, string>;

  constructor(
    private readonly server: FoundryServer,
    private readonly browser: Browser,
  ) {
    this.name = `live v${server.generation ?? "?"}`;
    this.back = new Map([...this.world.ids].map((id) => [liveId(id), id]));
  }

  private page(seat: Seat): Page {
    const entry = this.pages.get(seat);
    if (!entry) throw new Error(`${seat} has not joined`);
    return entry.page;
  }

  private toLive<T>(value: T): T {
    return mapIds(value, liveId, this.world.ids);
  }

  private fromLive<T>(value: T): T {
    return mapIds(value, (id) => this.back.get(id) ?? id, new Set(this.back.keys()));
  }

  /** Log a seat in through the join page and wait for the game to be ready. */
  private async join(seat: Seat, page: Page): Promise<void> {
    const user = this.world.users[USER_OF[seat]];
    if (!user) throw new Error(`no user for ${seat}`);
    await page.goto(`${this.server.url}/join`);
    await page.getByRole("combobox").first().selectOption(user.id);
    await page.getByRole("button", { name: /join/i }).first().click();
    await page.waitForFunction(
      () => (globalThis as { game?: { ready?: boolean } }).game?.ready === true,
      null,
      {
        timeout: 120_000,
      },
    );
    // Everyone looks at the battle map (Scene#view).
    await page.evaluate(
      (sceneId) =>
        (
          globalThis as unknown as { game: { scenes: { get(id: string): { view(): Promise<unknown> } } } }
        ).game.scenes
          .get(sceneId)
          ?.view(),
      liveId(SCENE_ID),
    );
  }

  async open(options: WorldOptions = {}): Promise<void> {
    // The world this flow asks for (the wolf in the fight, say), and its ids to map both ways.
    this.world = flowsWorld(options);
    this.back = new Map([...this.world.ids].map((id) => [liveId(id), id]));
    // Written, opened with --world, and its join page checked to offer every seat's user (boot.ts).
    await openWorld(this.server, this.world.data);
    for (const seat of SEATS) {
      const context = await this.browser.newContext();
      const page = await context.newPage();
      this.pages.set(seat, { context, page });
      await this.join(seat, page);
    }
  }

  async dice(dice: Die[]): Promise<void> {
    // The active GM's client rolls for the engine: its next die results come from this queue
    // (Foundry's die term takes ceil(randomUniform() × faces)), then Foundry's own randomness again.
    await this.page("gm").evaluate((queue) => {
      const config = (globalThis as unknown as { CONFIG: { Dice: { randomUniform: () => number } } }).CONFIG;
      const own = config.Dice.randomUniform;
      config.Dice.randomUniform = () => {
        const die = queue.shift();
        if (!die) {
          config.Dice.randomUniform = own;
          return own();
        }
        return (die.value - 0.5) / die.faces;
      };
    }, dice);
  }

  async rollMode(seat: Seat, mode: string): Promise<void> {
    // v13's client setting `core.rollMode` holds the roll-mode name; v14's `core.messageMode` the
    // message mode of the same meaning (CONFIG.ChatMessage.modes exists on v14 only: dnd5e#6958).
    await this.page(seat).evaluate(async (mode) => {
      type Settings = { set(namespace: string, key: string, value: unknown): Promise<unknown> };
      const world = globalThis as unknown as {
        game: { settings: Settings };
        CONFIG: { ChatMessage?: { modes?: object } };
      };
      const v14 = world.CONFIG.ChatMessage?.modes !== undefined;
      const names: Record<string, string> = {
        publicroll: "public",
        gmroll: "gm",
        blindroll: "blind",
        selfroll: "self",
      };
      await world.game.settings.set(
        "core",
        v14 ? "messageMode" : "rollMode",
        v14 ? (names[mode] ?? mode) : mode,
      );
    }, mode);
  }

  async begin(seat: Seat): Promise<void> {
    await this.page(seat).evaluate(
      (id) =>
        (
          globalThis as unknown as {
            game: { combats: { get(id: string): { startCombat(): Promise<unknown> } } };
          }
        ).game.combats
          .get(id)
          ?.startCombat(),
      liveId(COMBAT_ID),
    );
  }

  async drag(seat: Seat, token: string, steps: Step[]): Promise<void> {
    const waypoints = steps.map((s) => ({
      x: s.cell[0] * GRID,
      y: s.cell[1] * GRID,
      ...(s.action ? { action: s.action } : {}),
    }));
    await this.page(seat).evaluate(
      ({ sceneId, tokenId, waypoints }) => {
        type Token = { move(w: object[], o: object): Promise<unknown> };
        const game = (
          globalThis as unknown as {
            game: { scenes: { get(id: string): { tokens: { get(id: string): Token } } } };
          }
        ).game;
        // Not awaited: a provoking drag stays held at its checkpoint until a reaction is answered.
        void game.scenes.get(sceneId)?.tokens.get(tokenId)?.move(waypoints, { method: "dragging" });
      },
      { sceneId: liveId(SCENE_ID), tokenId: liveId(token), waypoints },
    );
  }

  async command(seat: Seat, command: Command): Promise<Answer> {
    return this.page(seat).evaluate(
      async ({ id, command }) => {
        type Combat = { command(c: object): Promise<{ refusal: { key: string } | null }> };
        const game = (globalThis as unknown as { game: { combats: { get(id: string): Combat } } }).game;
        const answer = await game.combats.get(id)?.command(command);
        return { refusal: answer ? (answer.refusal?.key ?? null) : "no combat" };
      },
      { id: liveId(COMBAT_ID), command: this.toLive(command) },
    );
  }

  async updateCombatant(seat: Seat, combatant: string, changes: Record<string, unknown>): Promise<void> {
    await this.page(seat).evaluate(
      async ({ id, combatant, changes }) => {
        type Doc = { update(c: object): Promise<unknown> };
        type Combat = { combatants: { get(id: string): Doc | undefined } };
        const game = (globalThis as unknown as { game: { combats: { get(id: string): Combat | undefined } } })
          .game;
        await game.combats.get(id)?.combatants.get(combatant)?.update(changes);
      },
      { id: liveId(COMBAT_ID), combatant: liveId(combatant), changes: this.toLive(changes) },
    );
  }

  async closePrompts(seat: Seat): Promise<void> {
    await this.page(seat).evaluate(async (prefix) => {
      type App = { id: string; close(): Promise<unknown> };
      const { instances } = (
        globalThis as unknown as { foundry: { applications: { instances: Map<string, App> } } }
      ).foundry.applications;
      for (const app of [...instances.values()]) if (app.id.startsWith(prefix)) await app.close();
    }, PROMPT_PREFIX);
  }

  async reload(seat: Seat): Promise<void> {
    const page = this.page(seat);
    await page.reload();
    await page.waitForFunction(
      () => (globalThis as { game?: { ready?: boolean } }).game?.ready === true,
      null,
      {
        timeout: 120_000,
      },
    );
  }

  /** Quiet: what the GM and the players see stays the same for three reads in a row. */
  async settle(): Promise<void> {
    let last = "";
    let same = 0;
    for (let i = 0; i < 120 && same < 3; i += 1) {
      await new Promise((done) => setTimeout(done, 250));
      const now = JSON.stringify(await Promise.all(SEATS.map((seat) => this.view(seat))));
      same = now === last ? same + 1 : 0;
      last = now;
    }
  }

  async view(seat: Seat): Promise<View> {
    const page = this.page(seat);
    const read: Read = await page.evaluate(readView, {
      combatId: liveId(COMBAT_ID),
      sceneId: liveId(SCENE_ID),
      grid: GRID,
      combatants: COMBATANTS.map(liveId),
      tokens: Object.values(TOKENS).map(liveId),
    });
    const prompts = await page.evaluate((prefix) => {
      type App = { id: string; rendered: boolean };
      const { instances } = (
        globalThis as unknown as { foundry: { applications: { instances: Map<string, App> } } }
      ).foundry.applications;
      return [...instances.values()].filter((app) => app.id.startsWith(prefix) && app.rendered).length;
    }, PROMPT_PREFIX);
    // The roll messages whose results this user sees (ChatMessage#isContentVisible).
    const rolls = await page.evaluate(() => {
      type Message = { rolls: unknown[]; isContentVisible: boolean };
      const game = (globalThis as unknown as { game: { messages: { contents: Message[] } } }).game;
      return game.messages.contents.filter((m) => m.rolls.length > 0 && m.isContentVisible).length;
    });
    return { ...this.fromLive(read), prompts, rolls };
  }

  /** Run a function in a seat's page (the Quench spec runs Tempo's batches in the GM's). */
  async evaluate<R>(seat: Seat, fn: (keys: string[]) => R | Promise<R>, arg: string[]): Promise<R> {
    return this.page(seat).evaluate(fn, arg);
  }

  async close(): Promise<void> {
    for (const { context } of this.pages.values()) await context.close();
    this.pages.clear();
  }
}
