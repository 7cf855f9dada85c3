import type { DatasetList } from "./checkDatasetShape.js";
import { findDuplicates } from "./findDuplicates.js";

type Raw = Record<string, unknown>;

const isObject = (value: unknown): value is Raw =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The fields of an object that are present, the rest left out. */
function pick(value: unknown, keys: readonly string[]): unknown {
  if (!isObject(value)) return value;
  const kept: Raw = {};
  for (const key of keys) if (Object.hasOwn(value, key)) kept[key] = value[key];
  return kept;
}

/** What names an element of `listKey` (`locateRecord`): its `id` or `<singular>_id`. */
const namingKeys = (listKey: string) => [
  "id",
  `${listKey.endsWith("s") ? listKey.slice(0, -1) : listKey}_id`,
];

/**
 * What the cross-record checks of a streamed import keep of a record (ids and the ids
 * it names, nothing else), so that a file of a million equipment is checked against
 * itself without holding it: an equipment's schedules are kept only when two share an
 * id (the only check that reads them), as their ids alone. The view names the record
 * as the full one does (`locateRecord` reads `id`, `<singular>_id`), so problems found
 * on it read the same.
 *
 * @param list - the dataset's list
 * @param record - a record of it: checked by the schema, or the reference view of a broken one
 * @example
 * compactRecord("users", { id: "u_1", account_id: "acc_1", name: "Ada" }); // { id: "u_1", account_id: "acc_1" }
 */
export function compactRecord(list: DatasetList, record: unknown): unknown {
  if (!isObject(record)) return record;
  switch (list) {
    case "accounts":
      return pick(record, ["id"]);
    case "tokens":
      return pick(record, ["token", "account_id"]);
    case "users":
      return pick(record, ["id", "account_id"]);
    case "resources": {
      const versions = Array.isArray(record.versions) ? record.versions : [];
      return {
        ...(pick(record, ["id", "account_id"]) as Raw),
        versions: versions.map((version) => pick(version, [...namingKeys("versions"), "creator_id"])),
      };
    }
    case "equipmentTypes": {
      const metafields = Array.isArray(record.metafields) ? record.metafields : [];
      return {
        ...(pick(record, ["id", "account_id"]) as Raw),
        metafields: metafields.map((metafield) => pick(metafield, namingKeys("metafields"))),
      };
    }
    case "equipments": {
      const schedules = Array.isArray(record.schedules) ? record.schedules : [];
      const twice =
        findDuplicates(schedules, (s) => {
          const id = isObject(s) ? s.schedule_id : undefined;
          return typeof id === "string" ? id : undefined;
        }).length > 0;
      return {
        ...(pick(record, ["id", "equipmentType_id", "assignedUsers_id", "metavalues"]) as Raw),
        schedules: twice ? schedules.map((schedule) => pick(schedule, namingKeys("schedules"))) : [],
      };
    }
  }
}

/**
 * What names a record that is left out of every check (its place is broken): its id
 * fields alone, or the value itself when it is not an object.
 *
 * @param list - the dataset's list
 * @param record - the record as the file holds it
 */
export function namingRecord(list: DatasetList, record: unknown): unknown {
  if (!isObject(record)) return record === null || typeof record !== "object" ? record : [];
  return pick(record, namingKeys(list));
}
