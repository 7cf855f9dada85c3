import { describe, expect, it } from "vitest";
import { eventually } from "./eventually.js";

describe(eventually, () => {
  it("returns once the probe answers true", async () => {
    let calls = 0;
    await eventually(() => ++calls === 3, "the third call");
    expect(calls).toBe(3);
  });

  it("says what it waited for when it gives up", async () => {
    await expect(eventually(() => false, "pigs fly", { timeoutMs: 30, intervalMs: 5 })).rejects.toThrow(
      "waiting until pigs fly",
    );
  });
});
