/**
 * The flows' backend on the simulated table (tests/foundry/table): the battle world with an
 * Assistant GM added, each seat a client, tokens moved with TokenDocument#move as a drag does, and
 * each user's view read as that client (readView) plus the reaction prompts it has open.
 */
import type { Command } from "../../src/engine";
import {
  MODE_OF_LEGACY,
  ROLES,
  USERS,
  createTable,
  windows,
  withMovement,
  type Client,
  type Table,
} from "../foundry/table";
import { battleWorld, withWolfAt } from "../foundry/table/worlds";
import {
  COMBATANTS,
  COMBAT_ID,
  GRID,
  SCENE_ID,
  TOKENS,
  type Answer,
  type Backend,
  type Die,
  type Seat,
  type Step,
  type View,
  type WorldOptions,
} from "./backend";
import { readView } from "./read-view";

/** The Assistant GM the flows' world adds to the table's users. */
const ASSISTANT = { _id: "a1", name: "Assistant", role: ROLES.ASSISTANT };

/** The reaction prompt's window id starts so (src/foundry/apps/reaction-prompt.ts). */
const PROMPT_PREFIX = "tempo-prompt-";

export class TableBackend implements Backend {
  readonly name: string;
  private table: Table | null = null;
  private assistant: Client | null = null;

  constructor(readonly version: 13 | 14 = 13) {
    this.name = `table v${version}`;
  }

  private get t(): Table {
    if (!this.table) throw new Error("open() the world first");
    return this.table;
  }

  private client(seat: Seat): Client {
    if (seat === "assistant") {
      if (!this.assistant) throw new Error("open() the world first");
      return this.assistant;
    }
    return this.t[seat];
  }

  async open(options: WorldOptions = {}): Promise<void> {
    // The windows list is the table's module state: start it empty, so only this world's prompts count.
    windows.length = 0;
    const battle = options.wolfAt ? withWolfAt(battleWorld(), options.wolfAt) : battleWorld();
    const world = { ...battle, users: [...USERS, ASSISTANT] };
    this.table = await createTable({ world, init: withMovement, version: this.version });
    this.assistant = await this.table.connect(ASSISTANT._id, ASSISTANT.name);
    for (const seat of ["gm", "assistant", "p1", "p2"] as const) this.client(seat).view(SCENE_ID);
  }

  async dice(dice: Die[]): Promise<void> {
    this.t.roll(...dice.map((d) => d.value));
  }

  async rollMode(seat: Seat, mode: string): Promise<void> {
    // v13's setting holds the roll-mode name; v14's `messageMode` the message mode of that meaning.
    const client = this.client(seat);
    client.rollMode = mode;
    client.messageMode = MODE_OF_LEGACY[mode] ?? mode;
  }

  async begin(seat: Seat): Promise<void> {
    const client = this.client(seat);
    const combat = this.t.combat(client, COMBAT_ID) as unknown as { startCombat(): Promise<unknown> };
    await this.t.run(client, () => combat.startCombat());
  }

  async drag(seat: Seat, token: string, steps: Step[]): Promise<void> {
    const client = this.client(seat);
    const waypoints = steps.map((s) => ({
      x: s.cell[0] * GRID,
      y: s.cell[1] * GRID,
      ...(s.action ? { action: s.action } : {}),
    }));
    const doc = client.token(SCENE_ID, token);
    void this.t.run(client, () => doc.move(waypoints, { method: "dragging" }));
  }

  async command(seat: Seat, command: Command): Promise<Answer> {
    const client = this.client(seat);
    const combat = this.t.combat(client, COMBAT_ID);
    const answer = await this.t.run(client, (tempo) => tempo.commands.submit(combat, command));
    return { refusal: answer.refusal?.key ?? null };
  }

  async updateCombatant(seat: Seat, combatant: string, changes: Record<string, unknown>): Promise<void> {
    const client = this.client(seat);
    const doc = this.t.combat(client, COMBAT_ID).combatants.get(combatant);
    if (!doc) throw new Error(`${client.label} has no combatant ${combatant}`);
    await this.t.run(client, () => doc.update(changes));
  }

  async closePrompts(seat: Seat): Promise<void> {
    const client = this.client(seat);
    await Promise.all(this.prompts(client).map((app) => this.t.run(client, () => app.close())));
  }

  async reload(seat: Seat): Promise<void> {
    const fresh = await this.t.reload(this.client(seat));
    if (seat === "assistant") this.assistant = fresh;
    fresh.view(SCENE_ID);
    // A reloaded tab runs init, setup and ready, as Foundry's client does on load.
    await this.t.run(fresh, (_t, c) => c.Hooks.callAll("ready"));
  }

  async settle(): Promise<void> {
    await this.t.settle();
  }

  async view(seat: Seat): Promise<View> {
    const client = this.client(seat);
    const read = this.t.run(client, () =>
      readView({
        combatId: COMBAT_ID,
        sceneId: SCENE_ID,
        grid: GRID,
        combatants: COMBATANTS,
        tokens: Object.values(TOKENS),
      }),
    );
    return { ...read, prompts: this.prompts(client).length, rolls: this.rolls(client) };
  }

  /**
   * The roll messages whose results a client sees, as Foundry shows them
   * (ChatMessage#visible, #isContentVisible: https://foundryvtt.com/api/v13/classes/foundry.documents.ChatMessage.html):
   * a whispered message only to its recipients and author, a blind one's rolls only to the GMs.
   */
  private rolls(client: Client): number {
    const me = client.userId;
    const isGM = client.game.user.isGM;
    return this.t.server.chat.filter(({ userId, data }) => {
      if (!Array.isArray(data["rolls"]) || data["rolls"].length === 0) return false;
      const whisper = (data["whisper"] ?? []) as string[];
      const visible = whisper.length === 0 || whisper.includes(me) || userId === me;
      return visible && (data["blind"] !== true || isGM);
    }).length;
  }

  async close(): Promise<void> {
    for (const seat of ["gm", "assistant", "p1", "p2"] as const) this.t.disconnect(this.client(seat));
    this.t.disconnect(this.t.forger);
  }

  /** The reaction prompts a client has open (windows it built, rendered and not closed). */
  private prompts(client: Client) {
    return windows
      .filter((w) => w.label === client.label && !w.app.closed && w.app.rendered)
      .map((w) => w.app)
      .filter((app) => String(app.options["id"] ?? "").startsWith(PROMPT_PREFIX));
  }
}
