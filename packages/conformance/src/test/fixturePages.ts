import { type MethodName, methods } from "@wsafe/schema";
import { Failure } from "./Failure.js";
import type { Fault } from "./Fault.js";
import type { CursorCodec, CursorContent, PageKey } from "./fixtureCursor.js";
import type { Owner } from "./fixtureRecords.js";

/** What a list request asks for: a page (or the whole list) and the instant of its statuses. */
export interface ListRequest {
  /** Undefined: the whole list, no `response_metadata`. */
  page: { after: PageKey | undefined; limit: number; walk: Omit<CursorContent, "after"> } | undefined;
  /** The instant statuses are computed at. */
  instant: number;
}

/** A page cut from a list: its records, and `response_metadata` when one was asked for. */
export interface ListSlice<Item> {
  records: Item[];
  response_metadata?: { next_cursor: string };
}

/** A filter's value in a normal form: a list is a set, and empty means no filter. */
const normal = (value: unknown) =>
  Array.isArray(value) ? (value.length ? [...new Set(value.map(String))].sort() : null) : (value ?? null);

function compareKeys(left: PageKey, right: PageKey): number {
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const [a, b] = [left[i], right[i]];
    if (a === b) continue;
    if (typeof a === "number" && typeof b === "number") return a - b;
    return String(a) < String(b) ? -1 : 1;
  }
  return 0;
}

const invalidCursor = () =>
  new Failure("parameter_invalid", "invalid parameter: cursor: not a cursor of this walk");

/**
 * The fixture's pages, by the registry's `pagination` of each method: keyset pages in
 * the method's order, cursors bound to method, account, filters and instant. Each
 * pagination fault breaks one of these rules.
 *
 * @param codec - the server's cursors
 * @param fault - the fixture's one fault
 */
export function fixturePages(codec: CursorCodec, fault?: Fault) {
  const invalidCursorAccepted = fault === "invalid-ignored";
  return {
    /**
     * The page a request asks for; `parameter_invalid` for a cursor not of this walk,
     * before the method looks anything up.
     */
    request(method: MethodName, params: Record<string, unknown>, owner: Owner, now: number): ListRequest {
      const spec = methods[method].pagination;
      if (!spec) return { page: undefined, instant: now };
      const filters = JSON.stringify(
        spec.filters.filter((name) => name !== spec.instant).map((name) => normal(params[name])),
      );
      const asked = spec.instant === undefined ? undefined : (params[spec.instant] as number | undefined);
      const limit = params.limit as number | undefined;
      const cursor = params.cursor as string | undefined;
      if (cursor === undefined) {
        const instant = asked ?? now;
        if (limit === undefined) return { page: undefined, instant };
        const walk = { method, owner, filters, instant: spec.instant ? instant : undefined, limit };
        return { page: { after: undefined, limit, walk }, instant };
      }
      const content = codec.read(cursor);
      const refused =
        !content ||
        (content.method !== method && fault !== "cursor-not-bound-to-method") ||
        (content.owner !== owner && fault !== "cursor-not-bound-to-account") ||
        (fault !== "cursor-not-bound-to-filters" &&
          (content.filters !== filters || (asked !== undefined && asked !== content.instant))) ||
        (fault === "cursor-bound-to-limit" && limit !== undefined && limit !== content.limit);
      if (refused) {
        if (invalidCursorAccepted) return { page: undefined, instant: asked ?? now };
        throw invalidCursor();
      }
      const { after, ...walk } = content;
      const kept = fault === "instant-not-kept" && asked === undefined ? now : (walk.instant ?? asked ?? now);
      return { page: { after, limit: limit ?? walk.limit, walk }, instant: kept };
    },

    /** The records of the page asked for, in the order of `keyOf`, and where the walk goes on. */
    slice<Item>(records: Item[], keyOf: (record: Item) => PageKey, request: ListRequest): ListSlice<Item> {
      const sorted = [...records].sort((a, b) => compareKeys(keyOf(a), keyOf(b)));
      const { page } = request;
      if (!page)
        return fault === "response-metadata-always"
          ? { records: sorted, response_metadata: { next_cursor: "" } }
          : { records: sorted };
      const after = page.after;
      const start =
        after === undefined ? 0 : sorted.findIndex((record) => compareKeys(keyOf(record), after) > 0);
      const from = start < 0 ? sorted.length : start;
      const size = fault === "page-exceeds-limit" ? page.limit + 1 : page.limit;
      const cut = sorted.slice(from, from + size);
      const more = from + cut.length < sorted.length;
      // Where the next page starts: after the page's last record, or one record early
      // (pages overlap) or one record late (a record is skipped).
      const next =
        fault === "pages-overlap" && cut.length > 1
          ? cut.at(-2)
          : fault === "pages-skip"
            ? sorted[from + cut.length]
            : cut.at(-1);
      const next_cursor = more && next !== undefined ? codec.write({ ...page.walk, after: keyOf(next) }) : "";
      return fault === "response-metadata-missing"
        ? { records: cut }
        : { records: cut, response_metadata: { next_cursor } };
    },
  };
}

/** The fixture's pages of one running server. */
export type FixturePages = ReturnType<typeof fixturePages>;
