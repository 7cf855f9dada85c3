// Round trips to PostgreSQL, counted where they leave the process: every `query` of `pg`'s
// Client (a pool's statements, `BEGIN` and `COMMIT` included, each one round trip), for a
// child that delivers webhooks, wsafe's or the peer's. The same count for both sides.
import { createRequire } from "node:module";
import { join } from "node:path";

/**
 * Counts the queries of the `pg` module that `dir`'s package resolves (the very module
 * the code under measurement uses), from the first call of `start()`.
 *
 * @param {string} dir - a package directory whose `pg` is to be counted
 * @returns {{ start(): void, count(): number }}
 */
export function countPgQueries(dir) {
  const pg = createRequire(join(dir, "package.json"))("pg");
  const query = pg.Client.prototype.query;
  let counting = false;
  let count = 0;
  pg.Client.prototype.query = function (/** @type {any[]} */ ...args) {
    if (counting) count++;
    return query.apply(this, args);
  };
  return {
    start: () => {
      counting = true;
    },
    count: () => count,
  };
}
