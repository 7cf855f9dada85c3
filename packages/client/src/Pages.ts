import type { EquipmentField, MethodName, MethodParams, MethodResult } from "@wsafe/schema";
import type { CallParams, CallResult, SelectedEquipment } from "./CallTypes.js";
import type { CallOptions } from "./ClientOptions.js";

/**
 * A method that answers a feed of changes rather than pages: its answer carries
 * `next_cursor` and `has_more` of its own, and a feed never ends, so `paginate` does not
 * walk it (`equipments.changes`: see `mirrorEquipments` of `@wsafe/client/mirror`).
 *
 * @example
 * const method: FeedMethodName = "equipments.changes";
 * @see https://docs.wsafe.dev/register/#the-mirror
 */
export type FeedMethodName = {
  [Method in MethodName]: "has_more" extends keyof MethodResult<Method> ? Method : never;
}[MethodName];

/**
 * A method that answers in pages: one that takes `cursor` and is not a feed. Derived from
 * the schema, so a method that gains pagination gains `paginate` with no client change.
 *
 * @example
 * const method: PaginatedMethodName = "equipments.list";
 */
export type PaginatedMethodName = {
  [Method in MethodName]: "cursor" extends keyof MethodParams<Method>
    ? Method extends FeedMethodName
      ? never
      : Method
    : never;
}[MethodName];

/** The list field of a paginated method's result, e.g. `"equipments"`. */
export type PageField<Method extends PaginatedMethodName> = Exclude<
  keyof MethodResult<Method>,
  "ok" | "response_metadata"
>;

/** A paginated method that takes `columns`: its records narrow to the columns passed. */
export type ColumnsPaginatedMethodName = {
  [Method in PaginatedMethodName]: "columns" extends keyof MethodParams<Method> ? Method : never;
}[PaginatedMethodName];

/**
 * One record of a paginated method's list, as the method answers it (for
 * `equipments.list` without `columns`, the whole equipment).
 *
 * @example
 * type Row = PageItem<"equipmentTypes.list">; // EquipmentType
 */
export type PageItem<Method extends PaginatedMethodName> = Method extends ColumnsPaginatedMethodName
  ? SelectedEquipment<readonly []>
  : MethodResult<Method>[PageField<Method>] extends readonly (infer Item)[]
    ? Item
    : never;

/** What `paginate` takes: the method's request data, with `limit` (default 1 000) and, to resume a walk, `cursor`. */
export type PageParams<Method extends PaginatedMethodName> = CallParams<Method>;

/**
 * The pages of a walk, in order: iterate it with `for await` for each page (with its
 * `response_metadata` and response meta), or call `items()` for each record and `all()`
 * for every record in one array. Nothing is requested before iteration starts; each
 * iteration walks from the start (or from the `cursor` it was given) again.
 *
 * @example
 * for await (const page of client.paginate("equipments.list", { equipmentType_id: "et_harness" })) {
 *   console.log(page.equipments.length, page.response_metadata?.next_cursor);
 * }
 * @see https://docs.wsafe.dev/pagination/
 */
export interface Pages<Method extends PaginatedMethodName, Item> extends AsyncIterable<CallResult<Method>> {
  /** Every record of every page, in list order, fetched a page at a time. */
  items(): AsyncIterableIterator<Item>;
  /** Every record of the walk in one array. */
  all(): Promise<Item[]>;
}

/**
 * Walks a paginated method: follows `response_metadata.next_cursor` until it is `""`,
 * each page a call with the client's retries, timeout and the options' `signal`.
 * `columns` passed as a literal tuple narrow the records, as for a single call.
 *
 * @example
 * const overdue = await client
 *   .paginate("equipments.list", { equipmentType_id: "et_harness", status: ["expired"], as_of: audit })
 *   .all();
 */
export interface Paginate {
  <Method extends ColumnsPaginatedMethodName, const Columns extends readonly EquipmentField[] = readonly []>(
    method: Method,
    params: Omit<PageParams<Method>, "columns"> & { columns?: Columns },
    options?: CallOptions,
  ): Pages<Method, SelectedEquipment<Columns>>;
  <Method extends Exclude<PaginatedMethodName, ColumnsPaginatedMethodName>>(
    method: Method,
    ...args: Partial<PageParams<Method>> extends PageParams<Method>
      ? [params?: PageParams<Method>, options?: CallOptions]
      : [params: PageParams<Method>, options?: CallOptions]
  ): Pages<Method, PageItem<Method>>;
}
