import { getHeapStatistics } from "node:v8";
import { type Dataset, datasetSchema, describeProblems, type PayloadProblem } from "@wsafe/schema";
import { checkDatasetShape, type DatasetList, type DatasetShape } from "./checkDatasetShape.js";
import { compactRecord, internStrings, namingRecord } from "./compactRecord.js";
import { findNulCharacters } from "./findNulCharacters.js";
import { misorderedSchedules } from "./misorderedSchedules.js";
import { RecordSpill } from "./RecordSpill.js";
import { readDatasetFile } from "./readDatasetFile.js";

const datasetLists = Object.keys(datasetSchema.shape) as DatasetList[];
const isList = (key: string): key is DatasetList => (datasetLists as string[]).includes(key);

/** Options of {@link checkDatasetFile}. */
export interface CheckDatasetFileOptions {
  /** Bytes read at a time, records per batch (see `readDatasetFile`). */
  chunkBytes?: number;
  batchSize?: number;
  /**
   * The heap the ids kept may fill before the check stops and says which setting to
   * raise: 90 % of Node's heap limit (`--max-old-space-size`) by default.
   */
  heapLimitBytes?: number;
}

/** A file whose ids alone do not fit the memory this process may use. */
export class DatasetTooLargeError extends Error {}

/** Moves a problem found in a batch to the record's place in the file (`equipments[3]` → `equipments[1003]`). */
function placeProblem(problem: PayloadProblem, list: string, start: number): PayloadProblem {
  if (start === 0) return problem;
  // The record's own position, where the words give one: at the start of the path or
  // record, or quoted in the message (`equipments[0]` must be an object).
  const head = new RegExp(`(^|\`)${list}\\[(\\d+)\\]`, "g");
  const shift = (text: string) =>
    text.replace(head, (_, before: string, index: string) => `${before}${list}[${Number(index) + start}]`);
  return {
    ...problem,
    path: shift(problem.path),
    record: shift(problem.record),
    message: shift(problem.message),
  };
}

/** Where a problem stands among the others, as zod orders a whole document's: by list, then position. */
function listRank(problem: PayloadProblem): number {
  const key = /^(\w+)/.exec(problem.path)?.[1];
  // The document's own (an unknown key): zod finds them after the lists'.
  const rank = key === undefined ? -1 : datasetLists.indexOf(key as DatasetList);
  return rank < 0 ? datasetLists.length : rank;
}

/**
 * The first read of a dataset file, streamed (`readDatasetFile`): every record checked
 * by the schema as it comes, in batches, its problems placed and named as a whole-file
 * check names them; of each record only what the cross-record checks read is kept
 * (`compactRecord`: ids and the ids it names). The result feeds `checkReferences` like
 * `checkDatasetShape`'s does, with the file to read again for writing (`stream`).
 *
 * @param file - the dataset file
 * @param options - read size, memory limit
 * @returns the shape: compact records, every problem of the schema and of U+0000
 * @throws SyntaxError when the file is not JSON; DatasetTooLargeError when its ids exceed the heap allowed
 */
export async function checkDatasetFile(
  file: string,
  options: CheckDatasetFileOptions = {},
): Promise<DatasetShape> {
  const heapLimit = options.heapLimitBytes ?? getHeapStatistics().heap_size_limit * 0.9;
  const problems: PayloadProblem[] = [];
  const nulCharacters: PayloadProblem[] = [];
  const kept = {} as Record<DatasetList, unknown[]>;
  const document = {} as Record<DatasetList, unknown[]>;
  const positions = {} as Record<DatasetList, number[]>;
  for (const list of datasetLists) {
    kept[list] = [];
    document[list] = [];
    positions[list] = [];
  }
  const malformedIds = {
    accounts: new Set<string>(),
    users: new Set<string>(),
    equipmentTypes: new Set<string>(),
  };
  const counts = { versions: 0, schedules: 0 };
  const misordered: string[] = [];
  const intern = internStrings();
  const batches = readDatasetFile(file, { chunkBytes: options.chunkBytes, batchSize: options.batchSize });
  // The checked records, written aside while the file is clean, for the write to read back.
  const spill = await RecordSpill.create();
  let read = 0;
  let next: Awaited<ReturnType<typeof batches.next>>;
  try {
    next = await batches.next();
  } catch (error) {
    await spill.remove();
    throw error;
  }
  while (!next.done) {
    const { list: key, start, records, mayHoldNul } = next.value;
    try {
      next = await batches.next();
    } catch (error) {
      await spill.remove();
      throw error;
    }
    // A list the schema does not know is reported once, from the outline.
    if (!isList(key)) continue;
    const list = key;
    const batch = { [list]: records };
    const shape = checkDatasetShape(batch);
    for (const problem of shape.problems) problems.push(placeProblem(problem, list, start));
    if (mayHoldNul)
      for (const problem of findNulCharacters(batch)) nulCharacters.push(placeProblem(problem, list, start));
    const checked = shape.dataset[list] as unknown[];
    if (list === "equipments" && shape.problems.length === 0)
      misordered.push(...misorderedSchedules(checked as Dataset["equipments"]));
    if (problems.length === 0)
      await spill.add(list, checked).catch(async (error: unknown) => {
        await spill.remove();
        throw error;
      });
    const at = shape.positions?.[list];
    for (const [index, record] of checked.entries()) {
      const position = start + (at?.[index] ?? index);
      const view = compactRecord(list, record, intern);
      // Records left out (broken beyond use) stand in the document by their names only.
      while (document[list].length < position) {
        const missing = document[list].length - start;
        document[list].push(namingRecord(list, records[missing]));
      }
      document[list].push(view);
      kept[list].push(view);
      positions[list].push(position);
      if (shape.problems.length === 0) {
        if (list === "resources") counts.versions += (record as Dataset["resources"][number]).versions.length;
        if (list === "equipments")
          counts.schedules += (record as Dataset["equipments"][number]).schedules.length;
      }
    }
    while (document[list].length < start + records.length)
      document[list].push(namingRecord(list, records[document[list].length - start]));
    for (const name of ["accounts", "users", "equipmentTypes"] as const)
      for (const id of shape.malformedIds?.[name] ?? []) malformedIds[name].add(id);
    read += records.length;
    if (process.memoryUsage().heapUsed > heapLimit) {
      const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
      const limit = getHeapStatistics().heap_size_limit;
      await spill.remove();
      throw new DatasetTooLargeError(
        `too many records for this process's memory: the import keeps the ids of every record to check references and duplicates, and after ${read.toLocaleString("en-US")} records they fill ${mib(process.memoryUsage().heapUsed)} MiB of Node's heap limit of ${mib(limit)} MiB. Raise that setting, e.g. NODE_OPTIONS=--max-old-space-size=${mib(limit) * 2} wsafe import ..., or split the file`,
      );
    }
  }
  const { skeleton, repeated } = next.value;
  const outline = describeProblems("Dataset", skeleton);
  for (const key of repeated)
    outline.push({
      path: key,
      record: "",
      message: `\`${key}\` appears more than once at the top of the file, and JSON keeps only the last: put all its records in one list`,
    });
  // The schema's order: the top level and each list's problems by list, then by position.
  const ordered = [...outline, ...problems]
    .map((problem, index) => ({ problem, index, rank: listRank(problem) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ problem }) => problem);
  const clean = ordered.length === 0 && nulCharacters.length === 0;
  if (!clean) await spill.remove();
  const dataset = kept as unknown as Dataset;
  const identity = (list: DatasetList) => positions[list].length === document[list].length;
  return {
    dataset,
    problems: ordered,
    document,
    positions: Object.fromEntries(
      datasetLists.filter((list) => !identity(list)).map((l) => [l, positions[l]]),
    ),
    malformedIds,
    nulCharacters,
    misorderedSchedules: misordered,
    ...(clean ? { stream: await spill.stream(counts) } : {}),
  };
}
