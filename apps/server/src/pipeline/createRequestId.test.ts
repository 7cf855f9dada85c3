import { describe, expect, it } from "vitest";
import { createRequestId } from "./createRequestId.js";

describe(createRequestId, () => {
  it("makes 24 alphanumeric characters that do not repeat", () => {
    const ids = new Set(Array.from({ length: 2000 }, () => createRequestId()));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{24}$/);
  });
});
