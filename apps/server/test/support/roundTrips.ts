import type { Sql } from "../../src/store/database/Sql.js";

const statements = new Set<PropertyKey>(["query", "queryPrepared", "exec", "copyIn"]);

/**
 * The store's database, counting the round trips sent through it as PostgreSQL receives
 * them: each statement, inside a transaction or not, and a transaction's `BEGIN` and
 * `COMMIT` (or `ROLLBACK`), which the store sends as statements of their own.
 *
 * @param sql - the store's database
 */
export function countedRoundTrips(sql: Sql): { sql: Sql; roundTrips: () => number } {
  let trips = 0;
  const count = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(inner, property, receiver) {
        const value = Reflect.get(inner, property, receiver);
        if (typeof value !== "function") return value;
        if (statements.has(property))
          return (...args: unknown[]) => {
            trips++;
            return value.apply(inner, args);
          };
        if (property === "transaction")
          return (work: (tx: Sql) => Promise<unknown>) => {
            trips += 2;
            return value.call(inner, (tx: Sql) => work(count(tx)));
          };
        return value.bind(inner);
      },
    });
  return { sql: count(sql), roundTrips: () => trips };
}
