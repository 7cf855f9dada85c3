import { describe, expect, it } from "vitest";
import { thrown } from "./thrown.js";

describe(thrown, () => {
  it("returns what a rejected promise threw", async () => {
    const error = new Error("no");
    expect(await thrown(Promise.reject(error))).toBe(error);
  });

  it("returns what a function threw synchronously", async () => {
    expect(
      await thrown(() => {
        throw "plain";
      }),
    ).toBe("plain");
  });

  it("fails when the call resolves", async () => {
    await expect(thrown(Promise.resolve(1))).rejects.toThrow("expected the call to throw");
  });
});
