import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type CursorContent, filtersFingerprint, readCursor, writeCursor } from "./pageCursor.js";

const secret = randomBytes(32);
const content: CursorContent = {
  method: "equipments.list",
  accountId: "acc_1",
  filters: filtersFingerprint(["et_1", "in", []]),
  instant: 1_700_000_000_000,
  limit: 50,
  after: ["1700000000000", "eq_9"],
};

describe(writeCursor, () => {
  it("writes a cursor that readCursor gives back whole", () => {
    expect(readCursor(secret, writeCursor(secret, content))).toEqual(content);
  });

  it("keeps an absent instant absent", () => {
    const noInstant = { ...content, instant: undefined };
    expect(readCursor(secret, writeCursor(secret, noInstant))).toEqual(noInstant);
  });
});

describe(readCursor, () => {
  const cursor = writeCursor(secret, content);

  it("refuses every one-character change", () => {
    for (let i = 0; i < cursor.length; i++) {
      const changed = `${cursor.slice(0, i)}${cursor[i] === "A" ? "B" : "A"}${cursor.slice(i + 1)}`;
      expect(readCursor(secret, changed), `changed at ${i}`).toBeUndefined();
    }
  });

  it("refuses a signature of another length, rather than failing to compare it", () => {
    const [prefix, payload, signature] = cursor.split(".");
    for (const changed of [signature!.slice(0, -1), `${signature}A`, ""])
      expect(readCursor(secret, `${prefix}.${payload}.${changed}`)).toBeUndefined();
  });

  it("refuses a cursor signed by another store, and anything that is not a cursor", () => {
    expect(readCursor(randomBytes(32), cursor)).toBeUndefined();
    for (const text of ["", "v1", "v1..", "v2.x.y", `${cursor}.more`, "not a cursor"])
      expect(readCursor(secret, text)).toBeUndefined();
  });
});

describe(filtersFingerprint, () => {
  it("tells filters apart, and is the same for the same filters", () => {
    expect(filtersFingerprint(["et_1", "in", []])).toBe(content.filters);
    expect(filtersFingerprint(["et_1", "all", []])).not.toBe(content.filters);
    expect(filtersFingerprint(["et_1", "in", ["expired"]])).not.toBe(content.filters);
  });
});
