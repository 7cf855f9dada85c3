import type { CallOptions } from "../ClientOptions.js";

type Call = (method: string, params?: object, options?: CallOptions) => Promise<object>;
type Page = { response_metadata?: { next_cursor?: unknown } } & Record<string, unknown>;

/** The largest page the service answers, and what a walk asks for unless told otherwise. */
const defaultLimit = 1000;

/** The list of a page: its one array field (`ok` is a boolean, `response_metadata` an object). */
function recordsOf(page: Page): unknown[] {
  for (const key in page) if (Array.isArray(page[key])) return page[key];
  return [];
}

/**
 * The walk of `client.paginate`: pages on demand, each through `call` (retries,
 * timeout, abort), following `next_cursor` until `""`.
 *
 * @param call - the client's call
 * @param method - a paginated method's wire name
 * @param params - its request data; `limit` defaults to 1 000, a `cursor` resumes a walk
 * @param options - per-call options, used for every page
 */
export function paginate(call: Call, method: string, params: object = {}, options?: CallOptions) {
  async function* pages(): AsyncGenerator<Page> {
    let data: Record<string, unknown> = { limit: defaultLimit, ...params };
    for (;;) {
      const page = (await call(method, data, options)) as Page;
      // Checked before the page is handed out: records of an answer the walk cannot
      // follow would pass for the first page of a walk that then broke off.
      const next = page.response_metadata?.next_cursor;
      if (typeof next !== "string")
        throw new TypeError(`${method}: the answer is not a page (no next_cursor)`);
      yield page;
      if (next === "") return;
      data = { ...data, cursor: next };
    }
  }
  return {
    [Symbol.asyncIterator]: pages,
    async *items() {
      for await (const page of pages()) yield* recordsOf(page);
    },
    async all() {
      const records: unknown[] = [];
      for await (const page of pages()) records.push(...recordsOf(page));
      return records;
    },
  };
}
