/**
 * Issue 42, the generated attack: for each document kind a player may own (Actor, Item,
 * ActiveEffect, Token, Combatant) and every field of its schema (core's fields as the table's
 * stand-ins list them, CORE_FIELDS, and every leaf of Tempo's data model for the document's
 * type), the owning player writes a hostile value, before the fight and during it, from a client
 * that skips every hook (straight to the server, which checks only core's permissions). The rule
 * (docs/foundry-internals.md, "The rule") says such a write decides nothing: the engine's state,
 * the offers made and the outcome of a fixed sequence of moves equal a control run without the
 * write, and a field the GM's client puts back holds what the GM had (never a third value).
 *
 * Fields meant to change play are named (MEANT_TO_CHANGE_PLAY): the player's write stays, and
 * where it reaches the engine by design (placing one's token before the fight) the engine is not
 * compared for it.
 *
 * Time: each run writes up to CHUNK fields of every kind at once (each kind a document of its
 * own), so every field is written in a handful of tables per timing and profile. A failing chunk
 * names its fields; `TEMPO_TRUST_FULL=1 npx vitest run tests/foundry/trust-generated.test.ts`
 * writes one field per table (the whole product, several minutes) to find the one.
 */
import { describe, expect, it } from "vitest";

import type { Command, EncounterState } from "../../src/engine";
import {
  CORE_FIELDS,
  TABLE_TIMEOUT_MS,
  USERS,
  createTable,
  coreStatusEffects,
  withMovement,
  type Client,
  type CoreFieldKind,
  type Source,
  type Table,
  type TempoModules,
  type World,
} from "./table";
import { START_DICE, at, battleWorld } from "./table/worlds";

type Kind = "Actor" | "Item" | "ActiveEffect" | "Token" | "Combatant";
type Timing = "before" | "during";

/** The documents written, all Ana's (p1 owns her): one of each kind, two items (one per item type). */
interface Target {
  kind: Kind;
  /** The document's id and its parent's (Item, ActiveEffect: the actor; Token: the scene; Combatant: the combat). */
  id: string;
  parentId: string | null;
  /** The type whose data model defines `system` (none for ActiveEffect and Token). */
  model: { collection: "ACTOR_MODELS" | "ITEM_MODELS" | "COMBATANT_MODELS"; type: string } | null;
}

const TARGETS: readonly Target[] = [
  { kind: "Actor", id: "actorAna", parentId: null, model: { collection: "ACTOR_MODELS", type: "character" } },
  {
    kind: "Item",
    id: "anaSword00000001",
    parentId: "actorAna",
    model: { collection: "ITEM_MODELS", type: "weapon" },
  },
  {
    kind: "Item",
    id: "anaStrike0000001",
    parentId: "actorAna",
    model: { collection: "ITEM_MODELS", type: "action" },
  },
  { kind: "ActiveEffect", id: "anaBlessed000001", parentId: "actorAna", model: null },
  { kind: "Token", id: "tokAna", parentId: "battle", model: null },
  {
    kind: "Combatant",
    id: "ana",
    parentId: "combat1",
    model: { collection: "COMBATANT_MODELS", type: "base" },
  },
];

/**
 * Fields a player may change to change play, by kind: its character's name and portrait, its
 * token's look and, before the fight, where it stands (the engine starts from the board). The
 * player's write of these stays; the others decide nothing.
 */
const MEANT_TO_CHANGE_PLAY: Readonly<Record<Kind, readonly string[]>> = {
  Actor: ["name", "img"],
  Item: ["name", "img", "system.description"],
  ActiveEffect: ["name", "img", "description", "tint"],
  Token: ["name", "displayName", "texture", "rotation", "alpha", "ring", "displayBars", "bar1", "bar2"],
  Combatant: ["img"],
};

/** Before the fight, placing one's token is play: the engine starts where the token stands. */
const PLACED_BEFORE_FIGHT: readonly string[] = ["x", "y", "elevation"];

interface Write {
  target: Target;
  path: string;
  value: unknown;
  /** What the field reads as where the source leaves it out (the model's initial, core's default). */
  fallback: unknown;
}

/** A field of a data model as the table's field stand-ins keep it (tests/foundry/sheets/fields.ts). */
interface ModelField {
  options: Record<string, unknown>;
  fields?: Record<string, ModelField>;
  constructor: { name: string };
}

/** Every leaf of a model's schema, with its field. */
function leaves(
  fields: Record<string, ModelField>,
  prefix = "system",
): { path: string; field: ModelField }[] {
  return Object.entries(fields).flatMap(([name, field]) =>
    field.fields ? leaves(field.fields, `${prefix}.${name}`) : [{ path: `${prefix}.${name}`, field }],
  );
}

function valid(field: ModelField, value: unknown): boolean {
  const validate = field.options["validate"];
  if (typeof validate !== "function") return true;
  try {
    return (validate as (v: unknown) => unknown)(value) !== false;
  } catch {
    return false;
  }
}

/** A hostile value for a model field, valid by its rules (the server validates what it stores). */
function hostileModelValue(field: ModelField, current: unknown): unknown {
  const choices = field.options["choices"];
  const list = Array.isArray(choices)
    ? choices
    : choices && typeof choices === "object"
      ? Object.keys(choices)
      : null;
  if (list) return list.find((c) => c !== current) ?? current;
  switch (field.constructor.name) {
    case "NumberField": {
      const max = field.options["max"];
      const min = field.options["min"];
      const top = typeof max === "number" ? max : 99;
      return top !== current ? top : typeof min === "number" ? min : -top;
    }
    case "BooleanField":
      return current !== true;
    default:
      return ["hostile", "2d12+10"].find((v) => v !== current && valid(field, v)) ?? current;
  }
}

/** A hostile value for a core field, by its kind. */
function hostileCoreValue(kind: CoreFieldKind, name: string, current: unknown): unknown {
  switch (kind) {
    case "string":
      return current === "hostile" ? "hostile2" : "hostile";
    case "number":
      return current === 700 ? 800 : 700;
    case "boolean":
      return current !== true;
    case "object":
      return { hostile: true };
    case "array":
      return name === "statuses"
        ? coreStatusEffects().map((s) => s.id)
        : [{ id: "seeAll", enabled: true, range: 999, key: "system.stats.agility", mode: 5, value: "99" }];
    case "id":
      return { actorId: "actorOrc", tokenId: "tokOrc", sceneId: "tavern" }[name] ?? "hostile000000001";
    case "ownership":
      return { default: 3 };
  }
}

function getPath(source: Source, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>(
      (node, key) => (node && typeof node === "object" ? (node as Source)[key] : undefined),
      source,
    );
}

/** Every write the generated attack makes, on a table whose clients have loaded Tempo's models. */
function allWrites(tempo: TempoModules, sourceOf: (t: Target) => Source): Write[] {
  const out: Write[] = [];
  for (const target of TARGETS) {
    const source = sourceOf(target);
    for (const [name, kind] of Object.entries(CORE_FIELDS[target.kind] ?? {}))
      out.push({
        target,
        path: name,
        value: hostileCoreValue(kind, name, source[name]),
        fallback: kind === "boolean" ? false : undefined,
      });
    if (!target.model) continue;
    const models = tempo.data[target.model.collection] as Record<string, { defineSchema(): unknown }>;
    const model = models[target.model.type];
    if (!model) throw new Error(`no ${target.model.collection} model ${target.model.type}`);
    for (const { path, field } of leaves(model.defineSchema() as Record<string, ModelField>))
      out.push({
        target,
        path,
        value: hostileModelValue(field, getPath(source, path)),
        fallback: field.options["initial"],
      });
  }
  return out;
}

/** The world: the battle map, Ana with a sword, a strike and an effect the GM placed (no status). */
function world(): World {
  const base = battleWorld();
  return {
    ...base,
    users: USERS,
    actors: (base.actors ?? []).map((a) => {
      if (a["_id"] === "actorOrc") return { ...a, system: { stats: { agility: 0 }, skills: { melee: 80 } } };
      if (a["_id"] !== "actorAna") return a;
      return {
        ...a,
        items: [
          {
            _id: "anaSword00000001",
            name: "Sword",
            type: "weapon",
            system: { kind: "melee", reach: 0, damage: "1d8" },
          },
          {
            _id: "anaStrike0000001",
            name: "Strike",
            type: "action",
            system: { ruleset: "flow", action: "attack" },
          },
        ],
        effects: [{ _id: "anaBlessed000001", name: "Blessed", statuses: [], duration: { rounds: null } }],
      };
    }),
  };
}

function withMovementAndStatuses(client: Client, tempo: TempoModules): void {
  withMovement(client, tempo);
  client.CONFIG["statusEffects"] = [
    ...coreStatusEffects(),
    { id: "invisible", name: "EFFECT.StatusInvisible", img: "icons/svg/invisible.svg" },
  ];
  tempo.statuses.registerStatuses();
  const hook = (fn: unknown) => fn as (...args: unknown[]) => unknown;
  client.Hooks.on("createActiveEffect", hook(tempo.statuses.onCreateActiveEffect));
  client.Hooks.on("deleteActiveEffect", hook(tempo.statuses.onDeleteActiveEffect));
  client.Hooks.on("tempo.commandApplied", hook(tempo.statuses.onCommandAppliedStatuses));
}

/** The server's source of a target. */
function sourceOf(on: Table, target: Target): Source {
  const list = (parent: Source | undefined, key: string) => (parent?.[key] as Source[] | undefined) ?? [];
  const found =
    target.kind === "Actor"
      ? on.server.sources.Actor.get(target.id)
      : target.kind === "Token"
        ? list(on.server.sources.Scene.get(target.parentId ?? ""), "tokens").find(
            (t) => t["_id"] === target.id,
          )
        : target.kind === "Combatant"
          ? list(on.server.sources.Combat.get(target.parentId ?? ""), "combatants").find(
              (c) => c["_id"] === target.id,
            )
          : list(
              on.server.sources.Actor.get(target.parentId ?? ""),
              target.kind === "Item" ? "items" : "effects",
            ).find((e) => e["_id"] === target.id);
  if (!found) throw new Error(`no ${target.kind} ${target.id}`);
  return found;
}

/** What a run shows: the engine's state, the offers made and the log after each step of the fixed sequence. */
interface Trace {
  steps: { state: EncounterState | null; offers: [string, string][] }[];
  log: { type: string; userId: unknown }[];
  /** The written documents' sources right after the writes settled (the control's at the same point). */
  after: Source[];
}

function submit(on: Table, client: Client, command: Command) {
  const combat = on.combat(client, "combat1");
  return on.run(client, (tempo) => tempo.commands.submit(combat, command)).catch(() => undefined);
}

/** The engine's state and the offers open. */
function snapshot(on: Table) {
  const state = structuredClone(on.encounter());
  return { state, offers: (state?.offers ?? []).map((o) => [o.who, o.against] as [string, string]) };
}

/**
 * One run: the table, the writes (none for the control) before the GM begins or right after,
 * then the fixed sequence: Ana walks past the orc (it provokes), the GM declines for the orc, Ana
 * and Bob end their turns, the orc attacks Ana (her reactions are offered).
 */
async function run(timing: Timing, writes: readonly Write[]): Promise<Trace> {
  const on = await createTable({ world: world(), init: withMovementAndStatuses });
  for (const client of [on.gm, on.p1, on.p2, on.forger]) client.view("battle");
  const write = async () => {
    for (const w of writes) {
      const { target } = w;
      const changes = { [w.path]: w.value };
      // A client that skips every hook: straight to the server, which checks core's permissions.
      await on
        .run(on.p1, (_t, c) => on.server.update(c, target.kind, target.id, target.parentId, changes, {}))
        .catch(() => undefined);
    }
    await on.settle();
  };
  const steps: Trace["steps"] = [];
  if (timing === "before") await write();
  on.roll(...START_DICE);
  await on.begin();
  if (timing === "during") await write();
  const after = TARGETS.map((t) => structuredClone(sourceOf(on, t)));
  steps.push(snapshot(on));
  void on
    .run(on.p1, () =>
      on.p1.token("battle", "tokAna").move([at(1, 0), at(2, 0), at(3, 0), at(4, 0)], { method: "dragging" }),
    )
    .catch(() => undefined);
  await on.settle();
  steps.push(snapshot(on));
  await submit(on, on.gm, { type: "react", who: "orc", with: "decline", against: "ana" });
  await on.settle();
  steps.push(snapshot(on));
  await submit(on, on.p1, { type: "endTurn", who: "ana" });
  await submit(on, on.p2, { type: "endTurn", who: "bob" });
  await on.settle();
  on.roll(10, 10, 10, 10);
  await submit(on, on.gm, { type: "act", who: "orc", action: "attack", target: "ana" });
  await on.settle();
  steps.push(snapshot(on));
  return { steps, log: on.logged(), after };
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Up to CHUNK fields of each kind per table (every field written in every timing); FULL: one per table. */
const FULL = process.env["TEMPO_TRUST_FULL"] === "1";
const CHUNK = 12;

/** The writes grouped into runs: run k writes the k-th chunk of each kind's fields together. */
function groups(writes: readonly Write[]): Write[][] {
  if (FULL) return writes.map((w) => [w]);
  const byKind = new Map<Target, Write[]>();
  for (const w of writes) byKind.set(w.target, [...(byKind.get(w.target) ?? []), w]);
  const parts = [...byKind.values()].map((list) => chunks(list, CHUNK));
  const rounds = Math.max(...parts.map((p) => p.length));
  return Array.from({ length: rounds }, (_, k) => parts.flatMap((p) => p[k] ?? []));
}

/** The field as the player's write leaves it: core merges an object into the one there. */
function kept(w: Write, before: unknown): unknown {
  const isObject = (v: unknown): v is Source => typeof v === "object" && v !== null && !Array.isArray(v);
  return isObject(w.value) && isObject(before) ? { ...before, ...w.value } : w.value;
}

function label(w: Write): string {
  return `${w.target.kind}(${w.target.id}).${w.path}`;
}

/** The writes, made once on a table of their own (the models are the clients' own copies). */
async function plannedWrites(): Promise<Write[]> {
  const on = await createTable({ world: world(), init: withMovementAndStatuses });
  return allWrites(on.tempo(on.gm), (t) => sourceOf(on, t));
}

const writes = await plannedWrites();

describe.each(["before", "during"] as const)(
  "a player's hostile write of every field of its documents, %s the fight",
  { timeout: TABLE_TIMEOUT_MS * 4 },
  (timing) => {
    const plays = (w: Write) =>
      MEANT_TO_CHANGE_PLAY[w.target.kind].includes(w.path) ||
      (timing === "before" && w.target.kind === "Token" && PLACED_BEFORE_FIGHT.includes(w.path));
    const tried = writes.filter((w) => !plays(w));
    let control: Trace | null = null;
    const controlRun = async () => (control ??= await run(timing, []));

    it.each(groups(tried).map((g) => [g.map(label).join(", "), g] as const))(
      "decides nothing: %s",
      async (_names, group) => {
        const base = await controlRun();
        const attacked = await run(timing, group);
        expect(attacked.steps).toEqual(base.steps);
        expect(attacked.log).toEqual(base.log);
        // A put-back leaves the document as the GM had it: the field holds the player's value
        // (shown, deciding nothing) or the GM's, never a third.
        for (const w of group) {
          const i = TARGETS.indexOf(w.target);
          const now = getPath(attacked.after[i] ?? {}, w.path) ?? w.fallback;
          const gm = getPath(base.after[i] ?? {}, w.path) ?? w.fallback;
          expect(
            [kept(w, gm), gm].map((v) => JSON.stringify(v)),
            label(w),
          ).toContain(JSON.stringify(now));
        }
      },
    );

    it("keeps a player's write of what is meant to change play", async () => {
      const allowed = writes.filter(plays);
      const attacked = await run(timing, allowed);
      for (const w of allowed) {
        const i = TARGETS.indexOf(w.target);
        const now = getPath(attacked.after[i] ?? {}, w.path);
        // The value written, merged into an object field where core merges updates.
        if (w.value && typeof w.value === "object" && !Array.isArray(w.value))
          expect(now, label(w)).toMatchObject(w.value as object);
        else expect(now, label(w)).toEqual(w.value);
      }
    });
  },
);
