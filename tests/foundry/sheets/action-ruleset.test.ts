/**
 * An action item moved to another ruleset: the sheet submits on every change, so the ruleset
 * arrives alone with the old ruleset's action; ruleset and action change together
 * (src/foundry/data/item.ts withActionOfRuleset), and the data model accepts the edit as a whole.
 */
import { describe, expect, it } from "vitest";

import { loadModels, validateSource, type ModelClass } from "./fields";
import { withActionOfRuleset } from "../../../src/foundry/data/item";

const models = await loadModels();
const ActionModel = (models.ITEM_MODELS as unknown as Record<string, ModelClass>)["action"] as ModelClass;

/** A flow attack as the form submits it after the ruleset select changed to `ruleset`. */
function submitted(ruleset: string): Record<string, unknown> {
  return {
    ruleset,
    action: "attack",
    category: "action",
    kind: "attack",
    cost: { ap: 2, rp: 0, fp: 0 },
    variableCost: false,
    description: "",
  };
}

const FLOW_ATTACK = { ruleset: "flow", category: "action", action: "attack" };

describe("ruleset and action change together on an action item", () => {
  it("the old ruleset's action alone is refused by the model (what submit-on-change sent before)", () => {
    expect(validateSource(ActionModel, submitted("rating"))).not.toEqual([]);
  });

  it("moving flow's attack to rating takes rating's first action, with the cost the player states (rating: 'Various abilities will cost AP'), and validates", () => {
    const system = withActionOfRuleset(FLOW_ATTACK, submitted("rating"));
    expect([system["ruleset"], system["action"], system["variableCost"]]).toEqual([
      "rating",
      "primary",
      true,
    ]);
    expect(validateSource(ActionModel, system)).toEqual([]);
  });

  it("keeps the action where the new ruleset has one of that id (phases has an attack), cost as submitted", () => {
    const system = withActionOfRuleset(FLOW_ATTACK, submitted("phases"));
    expect([system["action"], system["cost"]]).toEqual(["attack", { ap: 2, rp: 0, fp: 0 }]);
    expect(validateSource(ActionModel, system)).toEqual([]);
  });

  it("moving to the reaction catalog takes its first reaction and that reaction's cost (flow: dodge)", () => {
    const system = withActionOfRuleset(FLOW_ATTACK, { ...submitted("flow"), category: "reaction" });
    expect(system["action"]).toBe("dodge");
    expect(validateSource(ActionModel, system)).toEqual([]);
  });

  it("leaves an edit within the same ruleset and catalog as it came: an unknown action is still refused", () => {
    const edit = { ...submitted("flow"), action: "fly" };
    expect(withActionOfRuleset(FLOW_ATTACK, edit)).toBe(edit);
    expect(validateSource(ActionModel, edit)).not.toEqual([]);
  });
});
