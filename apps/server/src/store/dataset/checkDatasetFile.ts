import { getHeapStatistics } from "node:v8";
import type { Dataset, PayloadProblem } from "@wsafe/schema";
import { CompactDocument } from "./CompactDocument.js";
import { checkDatasetShape, type DatasetList, type DatasetShape } from "./checkDatasetShape.js";
import { datasetLists } from "./datasetLists.js";
import { findNulCharacters } from "./findNulCharacters.js";
import { misorderedSchedules } from "./misorderedSchedules.js";
import { RecordSpill } from "./RecordSpill.js";
import { readDatasetFile } from "./readDatasetFile.js";
import { orderedProblems, placeProblem } from "./streamedProblems.js";

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
  const compact = new CompactDocument();
  const misordered: string[] = [];
  const batches = readDatasetFile(file, { chunkBytes: options.chunkBytes, batchSize: options.batchSize });
  // The checked records, written aside while the file is clean, for the write to read back.
  const spill = await RecordSpill.create();
  let read = 0;
  let next = await nextBatch(batches, spill);
  while (!next.done) {
    const { list: key, start, records, mayHoldNul } = next.value;
    next = await nextBatch(batches, spill);
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
    compact.add(list, start, records, shape);
    read += records.length;
    if (process.memoryUsage().heapUsed > heapLimit) {
      await spill.remove();
      throw tooLarge(read);
    }
  }
  const { skeleton, repeated } = next.value;
  // The schema's order: the top level and each list's problems by list, then by position.
  const ordered = orderedProblems(skeleton, repeated, problems);
  const clean = ordered.length === 0 && nulCharacters.length === 0;
  if (!clean) await spill.remove();
  return {
    dataset: compact.kept as unknown as Dataset,
    problems: ordered,
    document: compact.document,
    positions: compact.shiftedPositions(),
    malformedIds: compact.malformedIds,
    nulCharacters,
    misorderedSchedules: misordered,
    ...(clean ? { stream: await spill.stream(compact.counts) } : {}),
  };
}

/** The next batch of the file; the records written aside are removed if the file cannot be read on. */
async function nextBatch(batches: ReturnType<typeof readDatasetFile>, spill: RecordSpill) {
  try {
    return await batches.next();
  } catch (error) {
    await spill.remove();
    throw error;
  }
}

/** The error of a file whose ids fill the heap allowed, saying which setting to raise. */
function tooLarge(read: number): DatasetTooLargeError {
  const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
  const limit = getHeapStatistics().heap_size_limit;
  return new DatasetTooLargeError(
    `too many records for this process's memory: the import keeps the ids of every record to check references and duplicates, and after ${read.toLocaleString("en-US")} records they fill ${mib(process.memoryUsage().heapUsed)} MiB of Node's heap limit of ${mib(limit)} MiB. Raise that setting, e.g. NODE_OPTIONS=--max-old-space-size=${mib(limit) * 2} wsafe import ..., or split the file`,
  );
}
