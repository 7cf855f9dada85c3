import { type Dataset, externalIdSchema } from "@wsafe/schema";

type Raw = Record<string, unknown>;

const text = (value: unknown): value is string => typeof value === "string" && value !== "";
const object = (value: unknown): value is Raw =>
  value !== null && typeof value === "object" && !Array.isArray(value);
// Lists keep every position, so that a problem names `versions[3]` where the file has it;
// the check skips an entry whose field is not a string.
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * The part of a record that failed the schema which the reference check can still
 * use, or `undefined` when the fields that place it are broken (a user without an
 * `account_id` belongs nowhere). An equipment missing its `serialNumber` still names a
 * type and users that must exist: checked too, a file's broken reference shows in the
 * same run as its missing field. A list field that is not a list counts as empty, and
 * an entry of the wrong type is skipped by the check, so its own problem is the only
 * one reported.
 *
 * @param kind - the dataset's list the record is in
 * @param raw - the record as the document holds it
 * @returns the record with only the fields the reference check reads
 * @example
 * referenceView("users", { id: "u_1", account_id: "acc_1" }); // { id: "u_1", account_id: "acc_1" }
 */
export function referenceView<L extends keyof Dataset>(
  kind: L,
  raw: unknown,
): Dataset[L][number] | undefined {
  if (!object(raw)) return undefined;
  const { id, account_id } = raw;
  let view: object | undefined;
  switch (kind) {
    case "accounts":
      view = text(id) ? { id } : undefined;
      break;
    case "tokens":
      view = text(raw.token) && text(account_id) ? { token: raw.token, account_id } : undefined;
      break;
    case "users":
      view = text(id) && text(account_id) ? { id, account_id } : undefined;
      break;
    case "resources":
      view = text(id) && text(account_id) ? { id, account_id, versions: list(raw.versions) } : undefined;
      break;
    case "equipmentTypes":
      view = text(id) && text(account_id) ? { id, account_id, metafields: list(raw.metafields) } : undefined;
      break;
    case "equipments":
      view =
        text(id) && text(raw.equipmentType_id)
          ? {
              id,
              // A key the schema refuses is that record's own problem, checked no further.
              ...(externalIdSchema.safeParse(raw.external_id).success
                ? { external_id: raw.external_id }
                : {}),
              equipmentType_id: raw.equipmentType_id,
              assignedUsers_id: list(raw.assignedUsers_id),
              metavalues: object(raw.metavalues) ? raw.metavalues : {},
              schedules: list(raw.schedules),
            }
          : undefined;
      break;
  }
  // Only the fields above are ever read from a view (checkReferences, findAccountMoves,
  // reportExternalIdConflicts).
  return view as Dataset[L][number] | undefined;
}
