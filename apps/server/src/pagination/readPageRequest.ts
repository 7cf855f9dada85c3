import { ApiError } from "../errors/ApiError.js";
import { type CursorWalk, type PageKey, readCursor, writeCursor } from "./pageCursor.js";

/** One page to read: where it starts, how long it is, the walk it belongs to. */
export interface PageRequest {
  /** The key of the last record of the previous page; undefined for the first page. */
  after: PageKey | undefined;
  /** Records in the page. */
  limit: number;
  /** The walk, to sign the next cursor with. */
  walk: CursorWalk;
}

/** What a paginated method tells about the walk it is asked for. */
export interface WalkRequest {
  method: string;
  accountId: string;
  /** The fingerprint of the request's filters. */
  filters: string;
  /** The instant the request asks for (`as_of`), if it names one. */
  requestedInstant: number | undefined;
  /** The instant of a new walk that names none: the request's arrival. */
  now: number;
  /** Whether the method computes anything at an instant (statuses). */
  hasInstant: boolean;
}

const invalidCursor = () =>
  new ApiError("parameter_invalid", "invalid parameter: cursor: not a cursor of this walk");

/**
 * The page a request asks for, or `undefined` for the whole list (neither `limit` nor
 * `cursor`). A cursor must be one this store signed, for the same method, account and
 * filters; a later page keeps the walk's instant (an `as_of` that differs from it is
 * refused) and, without `limit`, its page size. Part of the parameter check: a bad
 * cursor answers `parameter_invalid` before the method looks anything up.
 *
 * @param params - the request's `limit` and `cursor`
 * @param spec - the method, account, filters and instant of the request
 * @param secret - the store's cursor secret (needed only when a cursor is given)
 */
export function readPageRequest(
  params: { limit?: number | undefined; cursor?: string | undefined },
  spec: WalkRequest,
  secret: Buffer | undefined,
): PageRequest | undefined {
  if (params.cursor === undefined) {
    if (params.limit === undefined) return undefined;
    const instant = spec.hasInstant ? (spec.requestedInstant ?? spec.now) : undefined;
    const walk = {
      method: spec.method,
      accountId: spec.accountId,
      filters: spec.filters,
      instant,
      limit: params.limit,
    };
    return { after: undefined, limit: params.limit, walk };
  }
  const content = secret && readCursor(secret, params.cursor);
  if (
    !content ||
    content.method !== spec.method ||
    content.accountId !== spec.accountId ||
    content.filters !== spec.filters ||
    (spec.requestedInstant !== undefined && spec.requestedInstant !== content.instant)
  ) {
    throw invalidCursor();
  }
  const { after, ...walk } = content;
  return { after, limit: params.limit ?? walk.limit, walk };
}

/**
 * The `next_cursor` after a page: `""` when it was the last, else a cursor that starts
 * after its last record.
 *
 * @param request - the page that was read
 * @param last - the key of its last record, when another page follows
 * @param secret - the store's cursor secret
 */
export function nextCursor(request: PageRequest, last: PageKey | undefined, secret: Buffer): string {
  return last === undefined ? "" : writeCursor(secret, { ...request.walk, after: last });
}
