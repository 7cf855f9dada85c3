import { RawJsonResult } from "../results/RawJsonResult.js";
import type { PageRows } from "../store/Store.js";
import type { PageRequest } from "./readPageRequest.js";
import { nextCursor } from "./readPageRequest.js";

/**
 * The success body of one page: its records (the store read one more than the page,
 * to know whether another follows) and `response_metadata.next_cursor`.
 *
 * @param field - the result's list field, e.g. `equipments`
 * @param rows - what the store read: up to `request.limit + 1` records and their keys
 * @param request - the page asked for
 * @param secret - the store's cursor secret
 */
export function pageResult<Field extends string>(
  field: Field,
  rows: PageRows,
  request: PageRequest,
  secret: Buffer,
): RawJsonResult<Field> {
  const more = rows.records.length > request.limit;
  const records = more ? rows.records.slice(0, request.limit) : rows.records;
  const last = more ? rows.keys[request.limit - 1] : undefined;
  return new RawJsonResult(field, `[${records.join(",")}]`, false, {
    next_cursor: nextCursor(request, last, secret),
  });
}
