import { describe, expect, it } from "vitest";
import { noMethod, RequestTallies } from "./RequestTallies.js";

describe(RequestTallies, () => {
  it("counts requests by method and outcome, and those naming no method under none", () => {
    const tallies = new RequestTallies(["users.info"], [0.01, 0.1]);
    tallies.record("users.info", "ok", 0.005, 100);
    tallies.record("users.info", "ok", 0.05, 120);
    tallies.record("users.info", "rate_limit_exceeded", 0.002, 90);
    tallies.record(undefined, "api_method_not_found", 0.001, 80);
    tallies.record("no.such", "docs", 0.001, 10);
    const [users, none] = [...tallies.tallies()];
    expect(users).toMatchObject({ method: "users.info", count: 3, bytes: 310, refusals: 1 });
    expect(Object.fromEntries(users!.outcomes)).toEqual({ ok: 2, rate_limit_exceeded: 1 });
    expect(users!.durationSum).toBeCloseTo(0.057);
    expect(none).toMatchObject({ method: noMethod, count: 2, bytes: 90 });
    expect(Object.fromEntries(none!.outcomes)).toEqual({ api_method_not_found: 1, docs: 1 });
  });

  it("puts a duration in the first bucket whose bound it does not exceed", () => {
    const tallies = new RequestTallies(["m"], [0.01, 0.1]);
    for (const seconds of [0.01, 0.0100001, 0.1, 0.5, 0]) tallies.record("m", "ok", seconds, 0);
    expect([...[...tallies.tallies()][0]!.durationBuckets]).toEqual([2, 2, 1]);
  });
});
