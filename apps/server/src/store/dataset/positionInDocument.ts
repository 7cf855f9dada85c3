import type { DatasetList, DatasetShape } from "./checkDatasetShape.js";

/**
 * Where a record of `shape.dataset` stands in the document, which a problem's path names:
 * the same index unless records that failed the schema were left out before it.
 *
 * @param shape - the checked dataset, with its positions when some records were left out
 * @param list - the dataset's list the record is in
 * @param index - the record's index in that list of `shape.dataset`
 * @example
 * positionInDocument(shape, "users", 2); // 3, when users[1] of the file was left out
 */
export function positionInDocument(shape: DatasetShape, list: DatasetList, index: number): number {
  return shape.positions?.[list]?.[index] ?? index;
}
