import type { Dataset } from "@wsafe/schema";
import type { DatasetList } from "./datasetLists.js";

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
  /** Frees what the source holds aside (a file's records written to a temporary directory). */
  close?(): Promise<void>;
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
