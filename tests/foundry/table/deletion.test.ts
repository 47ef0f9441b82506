/**
 * Deleting a key in an update, in each generation's own form: v13's `-=key` (mergeObject's
 * performDeletions), v14's data operator `ForcedDeletion` (applyDataOperators), detected by
 * feature, with no deprecation warning on either version. Going back a turn deletes the later
 * log entries by key (src/foundry/store).
 */
import { describe, expect, it } from "vitest";

import { TABLE_TIMEOUT_MS, createTable } from "./index";
import { START_DICE, flowWorld } from "./worlds";

describe.each([13, 14] as const)("going back a turn deletes a log entry by key (v%i)", (version) => {
  it(
    "in the version's own deletion form, every client's copy loses the entry, and core logs no deprecation",
    { timeout: TABLE_TIMEOUT_MS },
    async () => {
      const table = await createTable({ world: flowWorld(), version });
      table.roll(...START_DICE);
      await table.begin();
      const press = async (what: "nextTurn" | "previousTurn") => {
        const combat = table.combat(table.gm, "combat1") as unknown as Record<
          typeof what,
          () => Promise<unknown>
        >;
        await table.run(table.gm, () => combat[what]());
        await table.settle();
      };
      await press("nextTurn");
      await press("nextTurn");
      expect(table.logged()).toHaveLength(3);
      await press("previousTurn");
      const update = table.server.updates.filter((u) => u.name === "Combat").at(-1);
      const log = ((update?.data["system"] ?? {}) as Record<string, unknown>)["log"];
      expect(Object.keys(log as object)).toEqual([version === 13 ? "-=e2" : "e2"]);
      expect(table.logged()).toHaveLength(2);
      const p1Log = (table.p1.game.combats.get("combat1")?._source["system"] as { log: object }).log;
      expect(Object.keys(p1Log)).not.toContain("e2");
      expect(table.server.deprecations).toEqual([]);
    },
  );
});
