import { describe, expect, it } from "vitest";
import { postgresUrl, redisUrl, skipWithout } from "./services.js";

describe(skipWithout, () => {
  it("skips exactly when the service's variable is not set", () => {
    expect(skipWithout("PostgreSQL", "this test")).toBe(!postgresUrl);
    expect(skipWithout("Redis", "this test")).toBe(!redisUrl);
  });
});
