import { type Dataset, validate } from "@wsafe/schema";
import type { DatasetList } from "./checkDatasetShape.js";
import { readDatasetFile } from "./readDatasetFile.js";

/** Consecutive checked records of one list, defaults applied. */
export interface RecordBatch<L extends DatasetList = DatasetList> {
  list: L;
  records: Dataset[L];
}

/**
 * Where the records an import writes come from, batch by batch: a dataset in memory, or
 * a file read again (the first read checked it, keeping ids only).
 */
export interface DatasetStream {
  /**
   * The records of the lists asked for, in the order the source holds them; the
   * batches of one list come one after another.
   */
  batches(lists: readonly DatasetList[]): AsyncIterable<RecordBatch>;
  /** The lists in the order the source holds them. */
  order: readonly DatasetList[];
  /** How many versions and schedules the records hold. */
  versions: number;
  schedules: number;
}

/** Records per batch of a dataset held in memory. */
const memoryBatch = 5000;

/**
 * A dataset held in memory, as a stream: its lists in the schema's order, in slices.
 *
 * @param dataset - a checked dataset
 */
export function datasetInMemory(dataset: Dataset): DatasetStream {
  const order = Object.keys(dataset) as DatasetList[];
  return {
    order,
    versions: dataset.resources.reduce((sum, r) => sum + r.versions.length, 0),
    schedules: dataset.equipments.reduce((sum, e) => sum + e.schedules.length, 0),
    async *batches(lists) {
      for (const list of order.filter((name) => lists.includes(name))) {
        const records = dataset[list];
        for (let start = 0; start < records.length; start += memoryBatch)
          yield { list, records: records.slice(start, start + memoryBatch) } as RecordBatch;
      }
    },
  };
}

/**
 * A dataset file checked already, read again for writing: each batch is decoded and
 * checked once more by the schema (which applies its defaults), never held beyond it.
 *
 * @param file - the file
 * @param order - its lists in file order, as the first read found them
 * @param counts - the versions and schedules the first read counted
 * @throws Error when the file changed since it was checked
 */
export function datasetFile(
  file: string,
  order: readonly DatasetList[],
  counts: { versions: number; schedules: number },
): DatasetStream {
  return {
    order,
    ...counts,
    async *batches(lists) {
      for await (const batch of readDatasetFile(file, { lists: new Set(lists), batchSize: 1000 })) {
        const list = batch.list as DatasetList;
        const checked = validate("Dataset", { [list]: batch.records });
        if (!checked.ok)
          throw new Error(
            `${file} changed while it was imported (${list}[${batch.start}] and after no longer pass the checks they passed): import it again once nothing writes to it`,
          );
        yield { list, records: checked.value[list] } as RecordBatch;
      }
    },
  };
}
