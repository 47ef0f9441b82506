import { describe, expect, it } from "vitest";

import { asJson } from "../../../../src/engine/rulesets/flow/data";

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
});
