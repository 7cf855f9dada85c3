import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { benchDataset } from "./benchDataset.mjs";
import { writeBenchFiles } from "./benchFiles.mjs";
import { writeCsvFiles } from "./copyLimit.mjs";

// The files written a slice at a time must be the very dataset and rows the whole
// dataset gives, or the import scaling would compare other work with its COPY.
const dir = mkdtempSync(join(tmpdir(), "wsafe-bench-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe(writeBenchFiles, () => {
  it("writes, slice by slice, the dataset and the CSV rows of the whole dataset", () => {
    const now = 1_780_000_000_000;
    // More than one slice of 5 000, and 4 schedules as the scaling uses.
    const options = { equipmentCount: 5_003, schedules: 4, now };
    const sliced = join(dir, "sliced");
    const whole = join(dir, "whole");
    mkdirSync(sliced);
    mkdirSync(whole);
    const { file, csvFiles } = writeBenchFiles(sliced, options);
    const dataset = benchDataset(options);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(dataset);
    const expected = writeCsvFiles(dataset, whole);
    expect(csvFiles.map(({ table, columns, rows }) => ({ table, columns, rows }))).toEqual(
      expected.map(({ table, columns, rows }) => ({ table, columns, rows })),
    );
    for (const [at, { file: csv }] of csvFiles.entries())
      expect(readFileSync(csv, "utf8")).toBe(readFileSync(expected[at].file, "utf8"));
  });
});
