import { formatIssuePath } from "../formatIssuePath.js";
import { quoteInput } from "../quoteInput.js";
import { valueAt } from "./valueAt.js";

/** Where a path of a payload is, as people name it: the record, and the field inside it. */
export interface RecordLocation {
  /** `equipment "eq_1"`, `equipment "eq_1", schedule "s_1"`, `equipments[2]`; `""` for the document itself. */
  record: string;
  /** The path inside that record, `schedules[0].expiresOn`; `""` for the record itself. */
  field: string;
}

/** `equipmentTypes` → `equipment type`, `schedules` → `schedule`, `categories` → `category`. */
export function singularNoun(listKey: string): string {
  const words = listKey.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  if (words.endsWith("ies")) return `${words.slice(0, -3)}y`;
  return words.endsWith("s") ? words.slice(0, -1) : words;
}

/**
 * The id that names an element of the list `listKey`: its `id`, or its
 * `<singular>_id` (`schedule_id` in `schedules`). Tokens have neither, and their
 * secret must never be echoed, so they are named by position.
 */
function identifierOf(element: object, listKey: string): string | undefined {
  const record = element as Record<string, unknown>;
  const singular = listKey.endsWith("s") ? listKey.slice(0, -1) : listKey;
  for (const key of ["id", `${singular}_id`]) {
    const value = Object.hasOwn(record, key) ? record[key] : undefined;
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

/**
 * Names the record a path leads into, by its id where it has one, and the field inside
 * it: `equipments[2].serialNumber` of a payload whose third equipment has the id
 * `eq_h_0003` is the field `serialNumber` of `equipment "eq_h_0003"`. A person finds a
 * record in their file by its id, not by counting. Every object element of a list is a
 * record; records nest (an equipment's schedules). Without a usable id the position
 * names it.
 *
 * @param path - keys and array indexes, as zod issues carry them
 * @param payload - the decoded payload the path is in
 * @example
 * locateRecord(["equipments", 2, "schedules", 0, "expiresOn"], dataset);
 * // { record: 'equipment "eq_h_0003", schedule "s_1"', field: "expiresOn" }
 */
export function locateRecord(path: readonly PropertyKey[], payload: unknown): RecordLocation {
  const parts: string[] = [];
  let fieldStart = 0;
  for (let at = 0; at < path.length; at++) {
    const segment = path[at];
    if (typeof segment !== "number") continue;
    const element = valueAt(payload, path.slice(0, at + 1));
    if (element === null || typeof element !== "object" || Array.isArray(element)) continue;
    const listKey = at > 0 && typeof path[at - 1] === "string" ? (path[at - 1] as string) : undefined;
    const id = listKey === undefined ? undefined : identifierOf(element, listKey);
    parts.push(
      id !== undefined && listKey !== undefined
        ? `${singularNoun(listKey)} ${JSON.stringify(quoteInput(id, 60))}`
        : formatIssuePath(path.slice(fieldStart, at + 1)),
    );
    fieldStart = at + 1;
  }
  const rest = path.slice(fieldStart);
  return { record: parts.join(", "), field: rest.length === 0 ? "" : formatIssuePath(rest) };
}
