import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readCursor } from "./pageCursor.js";
import { pageResult } from "./pageResult.js";
import type { PageRequest } from "./readPageRequest.js";

const secret = randomBytes(32);
const walk = { method: "resources.list", accountId: "acc", filters: "f", instant: undefined, limit: 2 };
const request: PageRequest = { after: undefined, limit: 2, walk };
const rows = (count: number) => ({
  records: Array.from({ length: count }, (_, i) => `{"id":"r${i}"}`),
  keys: Array.from({ length: count }, (_, i) => [String(i), `r${i}`] as const),
});

describe(pageResult, () => {
  it("sends the page and a cursor after its last record when the store found one more", () => {
    const body = JSON.parse(pageResult("resources", rows(3), request, secret).toBody());
    expect(body.resources).toEqual([{ id: "r0" }, { id: "r1" }]);
    expect(readCursor(secret, body.response_metadata.next_cursor)).toEqual({ ...walk, after: ["1", "r1"] });
  });

  it("leaves the records' text to be made compact: the store's JSON may hold blanks", () => {
    expect(pageResult("resources", rows(1), request, secret).compact).toBe(false);
  });

  it("ends the walk with an empty cursor when the page is the last, full or not", () => {
    for (const count of [0, 1, 2]) {
      const body = JSON.parse(pageResult("resources", rows(count), request, secret).toBody());
      expect(body).toEqual({
        ok: true,
        resources: rows(count).records.map((record) => JSON.parse(record)),
        response_metadata: { next_cursor: "" },
      });
    }
  });
});
