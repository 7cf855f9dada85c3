import { describe, expect, it } from "vitest";
import { difference } from "../difference.js";
import { compareNullable } from "./compareNullable.js";
import { createSchemaDiffContext } from "./createSchemaDiffContext.js";

describe(compareNullable, () => {
  it("reports null becoming allowed, by direction", () => {
    const request = createSchemaDiffContext({}, {}, { direction: "request" });
    const response = createSchemaDiffContext({}, {}, { direction: "response" });
    compareNullable(false, true, "$.a", request);
    compareNullable(false, true, "$.a", response);
    expect(request.out).toEqual([difference("request.nullable-added", "$.a", "null is now allowed")]);
    expect(response.out).toEqual([difference("response.nullable-added", "$.a", "null is now allowed")]);
  });

  it("reports null no longer allowed", () => {
    const ctx = createSchemaDiffContext({}, {}, { direction: "response" });
    compareNullable(true, false, "$.a", ctx);
    expect(ctx.out).toEqual([difference("response.nullable-removed", "$.a", "null is no longer allowed")]);
  });

  it("reports nothing when nullability stays", () => {
    const ctx = createSchemaDiffContext({}, {}, { direction: "request" });
    compareNullable(true, true, "$", ctx);
    compareNullable(false, false, "$", ctx);
    expect(ctx.out).toEqual([]);
  });
});
