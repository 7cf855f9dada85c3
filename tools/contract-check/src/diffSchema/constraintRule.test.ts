import { describe, expect, it } from "vitest";
import { rules } from "../rules.js";
import { constraintRule } from "./constraintRule.js";
import { createSchemaDiffContext } from "./createSchemaDiffContext.js";

const request = createSchemaDiffContext({}, {}, { direction: "request" });
const response = createSchemaDiffContext({}, {}, { direction: "response" });

describe(constraintRule, () => {
  it("names the tightened and loosened rules of the direction", () => {
    expect(constraintRule(request, "tightened")).toBe("request.constraint-tightened");
    expect(constraintRule(request, "loosened")).toBe("request.constraint-loosened");
    expect(constraintRule(response, "tightened")).toBe("response.constraint-tightened");
    expect(constraintRule(response, "loosened")).toBe("response.constraint-loosened");
  });

  it("makes a reshaped constraint breaking in both directions", () => {
    expect(constraintRule(request, "reshaped")).toBe("request.constraint-tightened");
    expect(constraintRule(response, "reshaped")).toBe("response.constraint-loosened");
    expect(rules[constraintRule(request, "reshaped")].severity).toBe("breaking");
    expect(rules[constraintRule(response, "reshaped")].severity).toBe("breaking");
  });
});
