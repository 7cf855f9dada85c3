import { describe, expect, it } from "vitest";
import { createSchemaDiffContext } from "./createSchemaDiffContext.js";
import { pickRule } from "./pickRule.js";

describe(pickRule, () => {
  it("picks the request rule for requests and the response rule for responses", () => {
    const request = createSchemaDiffContext({}, {}, { direction: "request" });
    const response = createSchemaDiffContext({}, {}, { direction: "response" });
    expect(pickRule(request, "request.type-widened", "response.type-widened")).toBe("request.type-widened");
    expect(pickRule(response, "request.type-widened", "response.type-widened")).toBe("response.type-widened");
  });
});
