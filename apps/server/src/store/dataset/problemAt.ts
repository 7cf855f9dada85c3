import { formatIssuePath, locateRecord, type PayloadProblem } from "@wsafe/schema";

/**
 * A problem of a dataset the store found (a reference, a duplicate, a character it
 * cannot hold), located and named like the schema's own problems: by the record's id in
 * the document, the message naming the field inside the record.
 *
 * @param document - the decoded document the path is in
 * @param path - keys and positions in the document, e.g. `["equipments", 4, "equipmentType_id"]`
 * @param wording - the message, given the field as the record names it (`equipmentType_id`)
 * @example
 * problemAt(document, ["users", 3, "account_id"], (field) => `\`${field}\` names account "acc_x", which is neither in this file nor in the store`);
 */
export function problemAt(
  document: unknown,
  path: readonly PropertyKey[],
  wording: (field: string) => string,
): PayloadProblem {
  const { record, field } = locateRecord(path, document);
  return { path: formatIssuePath(path), record, message: wording(field) };
}
