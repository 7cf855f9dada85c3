import { durationWords } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { readCursor, writeCursor } from "../pagination/pageCursor.js";

const method = "equipments.changes";
// The feed has no filters (every type, in and out of service): its cursors carry none.
const noFilters = "";

/**
 * Where a client of `equipments.changes` stands: what it has, and since when the changes
 * it may still need are sure to be kept.
 */
export interface FeedPosition {
  /**
   * The account's `change_seq` up to which the client has every change, as decimal text
   * (a `bigint` of the store): `"0"` before the first answer.
   */
  after: string;
  /**
   * An instant (ms) no later than the retirement of any equipment the client holds and
   * has not been told of yet: the cursor is good while retirements since then are kept.
   */
  since: number;
}

/**
 * Writes the `next_cursor` of an answer: the position signed with the store's secret as
 * the other cursors are (`pageCursor.ts`), bound to this method and the account, so that
 * another method's cursor, another account's, or an altered one is refused.
 *
 * @param secret - the store's cursor secret
 * @param accountId - the caller's account
 * @param position - where the answer leaves the client
 * @example
 * const next_cursor = writeChangesCursor(secret, token.accountId, { after: "42", since: now });
 */
export function writeChangesCursor(secret: Buffer, accountId: string, position: FeedPosition): string {
  return writeCursor(secret, {
    method,
    accountId,
    filters: noFilters,
    instant: position.since,
    limit: 0,
    after: [position.after],
  });
}

/**
 * Reads a `cursor` sent to `equipments.changes`: the position it was written with.
 *
 * @param secret - the store's cursor secret
 * @param cursor - the parameter as sent
 * @param accountId - the caller's account
 * @throws ApiError `parameter_invalid` for anything this store did not write for this
 *   method and account: altered, another method's, another account's
 */
export function readChangesCursor(secret: Buffer, cursor: string, accountId: string): FeedPosition {
  const content = readCursor(secret, cursor);
  const after = content?.after[0];
  if (
    !content ||
    content.method !== method ||
    content.accountId !== accountId ||
    content.filters !== noFilters ||
    content.after.length !== 1 ||
    typeof after !== "string" ||
    !/^\d{1,19}$/.test(after) ||
    content.instant === undefined
  )
    throw new ApiError("parameter_invalid", `invalid parameter: cursor: not a cursor of ${method}`);
  return { after, since: content.instant };
}

/**
 * The refusal of a cursor older than what the service keeps: since its position, an
 * equipment the client may hold could have been retired and its retirement pruned, so
 * only a new copy is sure to be exact.
 *
 * @param retentionMs - how long changes are kept (`--events-retention`)
 */
export function cursorExpired(retentionMs: number): ApiError {
  return new ApiError(
    "cursor_expired",
    `this cursor is older than the changes the service keeps (${durationWords(retentionMs)}): call ${method} without a cursor and replace your copy with what it returns`,
  );
}
