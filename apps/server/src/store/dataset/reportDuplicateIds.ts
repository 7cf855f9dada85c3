import type { PayloadProblem } from "@wsafe/schema";
import type { DatasetList, DatasetShape } from "./checkDatasetShape.js";
import { findDuplicates } from "./findDuplicates.js";
import { positionInDocument } from "./positionInDocument.js";
import { problemAt } from "./problemAt.js";

/**
 * Reports every id that appears twice in its list (records' ids, tokens, a type's
 * metafield ids, an equipment's schedule ids), at each later one, naming the first.
 *
 * @param shape - the records to check, from `checkDatasetShape`
 * @param problems - where each problem is added, list by list in the dataset's order
 */
export function reportDuplicateIds(shape: DatasetShape, problems: PayloadProblem[]): void {
  const { dataset, document } = shape;
  // `container` is where the list is in the document; `place` maps a list index to its position there.
  const duplicates = <T>(
    container: PropertyKey[],
    records: readonly T[],
    key: (record: T) => unknown,
    field: string,
    place: (index: number) => number = (index) => index,
  ) => {
    const found = findDuplicates(records, (record) => {
      const value = key(record);
      return typeof value === "string" ? value : undefined;
    });
    for (const { index, first } of found) {
      const other = `${String(container.at(-1))}[${place(first)}]`;
      problems.push(
        problemAt(
          document,
          [...container, place(index), field],
          (name) => `the same \`${name}\` as ${other}; each must be unique`,
        ),
      );
    }
  };
  const top = (list: DatasetList) => (index: number) => positionInDocument(shape, list, index);
  duplicates(["accounts"], dataset.accounts, (a) => a.id, "id", top("accounts"));
  duplicates(["tokens"], dataset.tokens, (t) => t.token, "token", top("tokens"));
  duplicates(["users"], dataset.users, (u) => u.id, "id", top("users"));
  duplicates(["resources"], dataset.resources, (r) => r.id, "id", top("resources"));
  duplicates(["equipmentTypes"], dataset.equipmentTypes, (t) => t.id, "id", top("equipmentTypes"));
  duplicates(["equipments"], dataset.equipments, (e) => e.id, "id", top("equipments"));
  for (const [index, type] of dataset.equipmentTypes.entries()) {
    const container = ["equipmentTypes", positionInDocument(shape, "equipmentTypes", index), "metafields"];
    duplicates(container, type.metafields, (m) => m?.id, "id");
  }
  for (const [index, equipment] of dataset.equipments.entries()) {
    const container = ["equipments", positionInDocument(shape, "equipments", index), "schedules"];
    duplicates(container, equipment.schedules, (s) => s?.schedule_id, "schedule_id");
  }
}
