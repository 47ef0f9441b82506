import { create, isDraft } from "mutative";
import { describe, expect, it } from "vitest";
import { frozen } from "../../src/engine/json";

/**
 * frozen (src/engine/json.ts): plain JSON a command puts in its state is frozen, so that mutative
 * does not walk it when the command ends; whatever holds a draft is left unfrozen, so that mutative
 * still finds the draft and puts its final value in the next state.
 */
describe("frozen", () => {
  it("freezes a plain value with every object and list in it, and gives back the value itself", () => {
    const value = { id: "p1", data: { rest: [[1, 2]], origin: [0, 0], note: null } };
    expect(frozen(value)).toBe(value);
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.data)).toBe(true);
    expect(Object.isFrozen(value.data.rest)).toBe(true);
    expect(Object.isFrozen(value.data.rest[0])).toBe(true);
    expect(frozen(7)).toBe(7);
    expect(frozen(null)).toBeNull();
  });

  it("leaves a draft and everything holding it unfrozen, freezes the rest, and the command's state ends with no draft in it", () => {
    const base = { list: [{ id: "a", n: 1 }], other: { n: 2 } };
    let inner: { parts: unknown[]; plain: number[] } | null = null;
    const next = create(base, (draft) => {
      const a = draft.list[0] as { id: string; n: number };
      a.n = 5;
      const plain = [1, 2];
      inner = { parts: [a, { b: 1 }], plain };
      frozen(inner);
      expect(isDraft(a)).toBe(true);
      expect(Object.isFrozen(inner)).toBe(false);
      expect(Object.isFrozen(inner.parts)).toBe(false);
      expect(Object.isFrozen(inner.parts[1])).toBe(true);
      expect(Object.isFrozen(plain)).toBe(true);
      (draft as unknown as { added: unknown }).added = inner;
    });
    const added = (next as unknown as { added: { parts: unknown[] } }).added;
    expect(isDraft(added.parts[0])).toBe(false);
    expect(added.parts[0]).toEqual({ id: "a", n: 5 });
    expect(base.list[0]).toEqual({ id: "a", n: 1 });
  });

  it("a frozen value in a state is changed by a later command through its draft, as any other", () => {
    const base = { pending: frozen([{ id: "p1", data: { reactions: [] as string[] } }]) };
    const next = create(base, (draft) => {
      const p = draft.pending[0] as { data: { reactions: string[] } };
      p.data.reactions = [...p.data.reactions, "ana"];
    });
    expect(next.pending[0]?.data.reactions).toEqual(["ana"]);
    expect(base.pending[0]?.data.reactions).toEqual([]);
  });
});
