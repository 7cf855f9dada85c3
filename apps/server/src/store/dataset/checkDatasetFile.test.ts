import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDemoDataset } from "../../demo/createDemoDataset.js";
import { checkDatasetFile, DatasetTooLargeError } from "./checkDatasetFile.js";
import { checkReferences } from "./checkReferences.js";
import { readDatasetText } from "./parseDataset.js";
import { RecordSpillError } from "./RecordSpill.js";
import { readDatasetFile } from "./readDatasetFile.js";

const dir = mkdtempSync(join(tmpdir(), "wsafe-stream-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const fileOf = (text: string) => {
  const file = join(dir, `d${files++}.json`);
  writeFileSync(file, text);
  return file;
};

/** What the import said of a file when it read it whole: the shape's problems, then the references'. */
async function wholeFileProblems(text: string) {
  const shape = readDatasetText(text);
  return [...shape.problems, ...(await checkReferences(undefined, shape))];
}

/** The same, from the streamed read, in batches of `batchSize` records read `chunkBytes` at a time. */
async function streamedProblems(text: string, batchSize: number, chunkBytes: number) {
  const shape = await checkDatasetFile(fileOf(text), { batchSize, chunkBytes });
  await shape.stream?.close?.();
  return [...shape.problems, ...(await checkReferences(undefined, shape))];
}

/** A demo dataset with one problem of every kind, spread over many records and batches. */
function brokenDataset() {
  const dataset = structuredClone(createDemoDataset({ equipmentCount: 40, seed: 5 })) as unknown as Record<
    string,
    Record<string, unknown>[]
  >;
  const equipments = dataset.equipments!;
  equipments[3]!.serialNumber = undefined; // missing field (JSON drops it)
  equipments[7]!.isInService = "yes";
  equipments[11]!.equipmentType_id = "et_nowhere";
  equipments[12]!.assignedUsers_id = ["u_nobody"];
  equipments[13]!.metavalues = { mf_zzz: 1 };
  equipments[17]!.id = equipments[2]!.id; // a duplicate, batches apart
  const schedules = equipments[20]!.schedules as Record<string, unknown>[];
  schedules.push({ ...schedules[0]! }); // a schedule twice in one equipment
  equipments[25]!.name = "nul \u0000 inside";
  equipments[30] = 7 as unknown as Record<string, unknown>; // not an object at all
  delete equipments[33]!.id; // named by position only
  dataset.users!.push({ id: "u_x", account_id: "acc_nowhere" });
  dataset.tokens![0]!.account_id = "acc_missing";
  (dataset as Record<string, unknown>).extra = { any: 1 };
  return dataset;
}

describe(checkDatasetFile, () => {
  it("finds every problem the whole-file read found, worded and ordered the same, across batches", async () => {
    const text = JSON.stringify(brokenDataset(), null, 1);
    const whole = await wholeFileProblems(text);
    expect(whole.length).toBeGreaterThan(12);
    // Batches of 3 records read 256 bytes at a time: every record straddles reads.
    expect(await streamedProblems(text, 3, 256)).toEqual(whole);
    expect(await streamedProblems(text, 1000, 2 ** 20)).toEqual(whole);
  });

  it("finds the same problems whatever the order of the file's lists", async () => {
    const { equipments, ...rest } = brokenDataset();
    const text = JSON.stringify({ equipments, ...rest });
    const whole = await wholeFileProblems(text);
    const streamed = await streamedProblems(text, 4, 512);
    expect(new Set(streamed.map((p) => `${p.path} ${p.record} ${p.message}`))).toEqual(
      new Set(whole.map((p) => `${p.path} ${p.record} ${p.message}`)),
    );
  });

  it("reports a document that is no dataset at all as the whole-file read did", async () => {
    for (const text of ["[1, 2]", "5", '{"equipments": "many"}', '{"accounts": {"a": {"id": 1}}}', "{}"]) {
      expect(await streamedProblems(text, 2, 64), text).toEqual(await wholeFileProblems(text));
    }
  });

  it("says when a list appears twice at the top, which JSON would quietly shorten", async () => {
    const text = '{"accounts":[{"id":"a","name":"A"}],"accounts":[{"id":"b","name":"B"}]}';
    const shape = await checkDatasetFile(fileOf(text));
    expect(shape.problems).toEqual([
      {
        path: "accounts",
        record: "",
        message:
          "`accounts` appears more than once at the top of the file, and JSON keeps only the last: put all its records in one list",
      },
    ]);
  });

  it("keeps ids only, and gives back the records checked, with defaults, to write them", async () => {
    const dataset = createDemoDataset({ equipmentCount: 30, seed: 4 });
    const shape = await checkDatasetFile(fileOf(JSON.stringify(dataset)), { batchSize: 7, chunkBytes: 300 });
    expect(shape.problems).toEqual([]);
    expect(Object.keys(shape.dataset.equipments[0]!).sort()).toEqual([
      "assignedUsers_id",
      "equipmentType_id",
      "id",
      "metavalues",
      "schedules",
    ]);
    const written: Record<string, unknown[]> = {};
    for await (const { list, records } of shape.stream!.batches(shape.stream!.order)) {
      written[list] = [...(written[list] ?? []), ...records];
    }
    expect(written).toEqual(Object.fromEntries(Object.entries(dataset).filter(([, l]) => l.length > 0)));
    expect(shape.stream!.schedules).toBe(dataset.equipments.reduce((n, e) => n + e.schedules.length, 0));
    await shape.stream!.close!();
  });

  it("stops with the setting to raise when the ids kept outgrow the heap allowed", async () => {
    const file = fileOf(JSON.stringify(createDemoDataset({ equipmentCount: 10, seed: 4 })));
    const error = await checkDatasetFile(file, { heapLimitBytes: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatasetTooLargeError);
    expect((error as Error).message).toMatch(
      /Node's heap limit of \d+ MiB\. Raise that setting, e\.g\. NODE_OPTIONS=--max-old-space-size=\d+/,
    );
  });
});

describe("the records kept aside", () => {
  it("says which setting to change when they cannot be written", async () => {
    const file = fileOf(JSON.stringify(createDemoDataset({ equipmentCount: 10, seed: 4 })));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = file; // a file, not a directory
    try {
      const error = await checkDatasetFile(file).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RecordSpillError);
      expect((error as Error).message).toMatch(/Set TMPDIR to a directory with room$/);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });
});

describe(readDatasetFile, () => {
  it("hands out records by list and position, never more than a batch, whatever the read size", async () => {
    const file = fileOf('\uFEFF{"accounts":[{"id":"a"},{"id":"b"},{"id":"c"}],"x":1,"users":[{"id":"u"}]}');
    const batches = [];
    const reader = readDatasetFile(file, { batchSize: 2, chunkBytes: 5 });
    let next = await reader.next();
    for (; !next.done; next = await reader.next()) batches.push(next.value);
    expect(batches.map(({ list, start, records }) => ({ list, start, records }))).toEqual([
      { list: "accounts", start: 0, records: [{ id: "a" }, { id: "b" }] },
      { list: "accounts", start: 2, records: [{ id: "c" }] },
      { list: "users", start: 0, records: [{ id: "u" }] },
    ]);
    expect(next.value).toEqual({ skeleton: { accounts: [], x: 1, users: [] }, repeated: [] });
  });

  it("words a fault in a file too large to read whole at its line and column, the line shown", async () => {
    const file = fileOf(
      '{\n  "accounts": [\n    {"id": "a", "name": "A"},\n    {"id": "b" "name": "B"}\n  ]\n}\n',
    );
    const read = async () => {
      for await (const _ of readDatasetFile(file, { wholeTextBytes: 0, chunkBytes: 8 }));
    };
    await expect(read()).rejects.toThrow(
      [
        'not JSON: line 4, column 16: Unexpected STRING ("name") in state COMMA',
        '  4 |     {"id": "b" "name": "B"}',
        "    |                ^",
      ].join("\n"),
    );
  });
});
