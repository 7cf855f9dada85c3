import { describe, expect, it } from "vitest";
import { createRequestId } from "./createRequestId.js";

describe(createRequestId, () => {
  it("makes 24 alphanumeric characters that do not repeat", () => {
    const ids = new Set(Array.from({ length: 2000 }, () => createRequestId()));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{24}$/);
  });

  it("uses every character about equally often, across refills of its random pool", () => {
    const counts = new Map<string, number>();
    // 10 000 ids are 240 000 characters: dozens of refills of the 4 KiB pool.
    for (let i = 0; i < 10_000; i++) {
      for (const character of createRequestId()) counts.set(character, (counts.get(character) ?? 0) + 1);
    }
    expect(counts.size).toBe(62);
    const expected = (10_000 * 24) / 62;
    // About 3 871 each; a bias as small as the 256 % 62 remainder would put some near 4 500.
    for (const count of counts.values()) expect(Math.abs(count - expected)).toBeLessThan(expected * 0.08);
  });
});
