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

/** One list shared by every record without children to keep: no array per equipment. */
const none: readonly unknown[] = Object.freeze([]);

/**
 * One copy of each string the records repeat (type ids, user ids, metavalue keys): a
 * million equipment naming one type hold one string for it, not a million.
 */
export type Intern = (text: string) => string;

/** An {@link Intern} of its own: strings seen before come back as the first copy. */
export function internStrings(): Intern {
  const seen = new Map<string, string>();
  return (text) => {
    const known = seen.get(text);
    if (known !== undefined) return known;
    seen.set(text, text);
    return text;
  };
}

const internAll = (values: readonly unknown[], intern: Intern) =>
  values.map((value) => (typeof value === "string" ? intern(value) : value));

/**
 * What the cross-record checks of a streamed import keep of a record (ids, the ids it
 * names and an equipment's `external_id`, nothing else), so that a file of a million equipment is checked against
 * itself without holding it: an equipment's schedules are kept only when two share an
 * id (the only check that reads them), as their ids alone, and its metavalues as their
 * keys (the check reads no value). The view names the record as the full one does
 * (`locateRecord` reads `id`, `<singular>_id`), so problems found on it read the same.
 * Measured on the bench's equipment: 618 bytes of heap each before the repeated strings
 * were shared and the values dropped.
 *
 * @param list - the dataset's list
 * @param record - a record of it: checked by the schema, or the reference view of a broken one
 * @param intern - shares the strings records repeat
 * @example
 * compactRecord("users", { id: "u_1", account_id: "acc_1", name: "Ada" }, internStrings()); // { id: "u_1", account_id: "acc_1" }
 */
export function compactRecord(list: DatasetList, record: unknown, intern: Intern): unknown {
  if (!isObject(record)) return record;
  const account = typeof record.account_id === "string" ? intern(record.account_id) : record.account_id;
  switch (list) {
    case "accounts":
      return pick(record, ["id"]);
    case "tokens":
      return { ...(pick(record, ["token"]) as Raw), account_id: account };
    case "users":
      return { ...(pick(record, ["id"]) as Raw), account_id: account };
    case "resources": {
      const versions = Array.isArray(record.versions) ? record.versions : [];
      return {
        ...(pick(record, ["id"]) as Raw),
        account_id: account,
        versions: versions.map((version) => {
          const kept = pick(version, [...namingKeys("versions"), "creator_id"]);
          if (isObject(kept) && typeof kept.creator_id === "string")
            kept.creator_id = intern(kept.creator_id);
          return kept;
        }),
      };
    }
    case "equipmentTypes": {
      const metafields = Array.isArray(record.metafields) ? record.metafields : [];
      return {
        ...(pick(record, ["id"]) as Raw),
        account_id: account,
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
      const metavalues: Raw = {};
      if (isObject(record.metavalues))
        for (const key of Object.keys(record.metavalues)) {
          // An own key `__proto__` (JSON can name one) must stay a key, not set a prototype.
          if (key === "__proto__") Object.defineProperty(metavalues, key, { value: 0, enumerable: true });
          else metavalues[intern(key)] = 0;
        }
      const type = record.equipmentType_id;
      return {
        id: record.id,
        // Kept only where given: most files give none, and each costs its string.
        ...(typeof record.external_id === "string" ? { external_id: record.external_id } : {}),
        equipmentType_id: typeof type === "string" ? intern(type) : type,
        assignedUsers_id: Array.isArray(record.assignedUsers_id)
          ? internAll(record.assignedUsers_id, intern)
          : record.assignedUsers_id,
        metavalues,
        schedules: twice ? schedules.map((schedule) => pick(schedule, namingKeys("schedules"))) : none,
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
