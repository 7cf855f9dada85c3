import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BinaryCopyRows } from "./BinaryCopyRows.js";

/** A binary COPY stream of one text column, as PostgreSQL writes it. */
function copyStream(values: readonly string[]): Buffer {
  const parts = [Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"), Buffer.alloc(8)];
  for (const value of values) {
    const bytes = Buffer.from(value, "utf8");
    const head = Buffer.alloc(6);
    head.writeInt16BE(1, 0);
    head.writeInt32BE(bytes.length, 2);
    parts.push(head, bytes);
  }
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1, 0);
  parts.push(trailer);
  return Buffer.concat(parts);
}

describe(BinaryCopyRows, () => {
  it("reads every row whole, however the stream is cut", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "grapheme" }), { maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (values, cuts) => {
          const stream = copyStream(values);
          const points = [...new Set(cuts.map((cut) => cut % (stream.length + 1)))].sort((a, b) => a - b);
          const reader = new BinaryCopyRows();
          const rows: string[] = [];
          let from = 0;
          for (const to of [...points, stream.length]) {
            for (const row of reader.push(stream.subarray(from, to))) rows.push(row.toString("utf8"));
            from = to;
          }
          expect(rows).toEqual(values);
          expect(reader.ended).toBe(true);
        },
      ),
    );
  });

  it("refuses what is not a binary COPY of one column", () => {
    expect(() => new BinaryCopyRows().push(Buffer.from("not a copy stream at all"))).toThrow(
      "not a binary COPY stream",
    );
    const twoColumns = copyStream(["a"]);
    twoColumns.writeInt16BE(2, 19);
    expect(() => new BinaryCopyRows().push(twoColumns)).toThrow("expected one column per COPY row, got 2");
  });
});
