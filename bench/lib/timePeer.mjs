import { eventsPeerSql } from "./eventsPeerSql.mjs";

let calls = 0;

/**
 * Runs the raw-SQL peer on a window in both of its forms (see `eventsPeerSql`: the
 * equipment's account by a join, or per date) and answers the faster time: the best a
 * careful hand-written statement does there. Each form runs once, the first in turn from
 * call to call, so that neither always finds the other's pages in the cache.
 *
 * @param {{ query: (text: string, params: unknown[]) => Promise<any[]> }} sql
 * @param {[from: number, to: number, account: string]} params
 * @param {{ limit?: number }} [options]
 * @returns {Promise<{ rows: any[], ms: number, joinMs: number, perDateMs: number }>}
 */
export async function timePeer(sql, params, { limit } = {}) {
  /** @type {Record<string, number>} */
  const ms = {};
  /** @type {any[] | undefined} */
  let rows;
  const forms = calls++ % 2 ? [true, false] : [false, true];
  for (const perDate of forms) {
    const start = performance.now();
    const answer = await sql.query(eventsPeerSql({ limit, perDate }), params);
    ms[perDate ? "perDate" : "join"] = performance.now() - start;
    rows ??= answer;
  }
  return {
    rows: /** @type {any[]} */ (rows),
    ms: Math.min(ms.join, ms.perDate),
    joinMs: ms.join,
    perDateMs: ms.perDate,
  };
}
