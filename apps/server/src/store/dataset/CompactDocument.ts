import type { Dataset } from "@wsafe/schema";
import type { DatasetList, DatasetShape } from "./checkDatasetShape.js";
import { compactRecord, internStrings, namingRecord } from "./compactRecord.js";
import { datasetLists } from "./datasetLists.js";

const emptyLists = <T>(): Record<DatasetList, T[]> => {
  const lists = {} as Record<DatasetList, T[]>;
  for (const list of datasetLists) lists[list] = [];
  return lists;
};

/**
 * What the streamed check keeps of a dataset file, batch by batch: of each record only
 * what the cross-record checks read (`compactRecord`), where it stands in the file, the
 * ids of records broken beyond use, and the counts the write reports.
 */
export class CompactDocument {
  /** The records the reference check reads, as `DatasetShape.dataset` holds them. */
  readonly kept = emptyLists<unknown>();
  /** Every record at its position in the file: a compact one, or a left-out one by its names only. */
  readonly document = emptyLists<unknown>();
  /** Per list, the position in the file of each kept record. */
  readonly positions = emptyLists<number>();
  readonly malformedIds = {
    accounts: new Set<string>(),
    users: new Set<string>(),
    equipmentTypes: new Set<string>(),
  };
  /** The versions and schedules of the records that passed the schema, for the write's progress. */
  readonly counts = { versions: 0, schedules: 0 };
  private readonly intern = internStrings();

  /**
   * Keeps a batch the schema checked.
   *
   * @param list - the batch's list
   * @param start - the position in the file of the batch's first record
   * @param records - the batch as read
   * @param shape - the schema's check of the batch (`checkDatasetShape`)
   */
  add(list: DatasetList, start: number, records: readonly unknown[], shape: DatasetShape): void {
    const { document, kept, positions, counts } = this;
    const checked = shape.dataset[list] as unknown[];
    const at = shape.positions?.[list];
    for (const [index, record] of checked.entries()) {
      const position = start + (at?.[index] ?? index);
      const view = compactRecord(list, record, this.intern);
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
      for (const id of shape.malformedIds?.[name] ?? []) this.malformedIds[name].add(id);
  }

  /** The positions of the lists some record was left out of; in the others each record stands at its index. */
  shiftedPositions(): Partial<Record<DatasetList, number[]>> {
    const identity = (list: DatasetList) => this.positions[list].length === this.document[list].length;
    return Object.fromEntries(
      datasetLists.filter((list) => !identity(list)).map((l) => [l, this.positions[l]]),
    );
  }
}
