import { describe, expect, it } from "vitest";

import { asJson, jsonCopy } from "../../../../src/engine/rulesets/flow/data";

describe("flow's pending data is plain JSON (it is stored in the Combat as text)", () => {
  it("keeps what JSON keeps: an undefined field left out, an undefined item of a list made null", () => {
    const data = {
      attacker: "ana",
      cell: [1, -2],
      skip: undefined,
      list: [undefined, 3],
      inner: { gone: undefined, n: 0 },
    };
    expect(asJson(data)).toStrictEqual({ attacker: "ana", cell: [1, -2], list: [null, 3], inner: { n: 0 } });
  });

  it("copies: changing the data afterwards changes nothing in what was kept", () => {
    const data = { cell: [1, 2], inner: { n: 1 } };
    const kept = asJson(data);
    data.cell[0] = 9;
    data.inner.n = 9;
    expect(kept).toStrictEqual({ cell: [1, 2], inner: { n: 1 } });
  });

  it("asJson's copy is frozen throughout (it goes into the state, where nothing changes it in place); jsonCopy's is the same JSON, to change", () => {
    const data = { cell: [1, 2], inner: { n: 1, list: [undefined, { k: "v" }] } };
    const kept = asJson(data) as { cell: number[]; inner: { list: object[] } };
    expect(Object.isFrozen(kept)).toBe(true);
    expect(Object.isFrozen(kept.cell)).toBe(true);
    expect(Object.isFrozen(kept.inner)).toBe(true);
    expect(Object.isFrozen(kept.inner.list[1])).toBe(true);
    const copy = jsonCopy(data) as { cell: number[]; inner: { n: number } };
    expect(copy).toStrictEqual(kept);
    copy.cell.push(3);
    copy.inner.n = 2;
    expect(copy).toStrictEqual({ cell: [1, 2, 3], inner: { n: 2, list: [null, { k: "v" }] } });
    expect(data.cell).toEqual([1, 2]);
  });
});
