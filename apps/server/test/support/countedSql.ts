import type { Sql } from "../../src/store/database/Sql.js";

/**
 * The store's database, counting the statements and transactions sent through it, and
 * those answered: what a worker asked of the database, seen from outside.
 *
 * @param sql - the store's database
 */
export function countedSql(sql: Sql): { sql: Sql; sent: () => number; answered: () => number } {
  let sent = 0;
  let answered = 0;
  const wrapped = new Proxy(sql, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "query" || property === "transaction")
        return async (...args: unknown[]) => {
          sent++;
          try {
            return await value.apply(target, args);
          } finally {
            answered++;
          }
        };
      return value.bind(target);
    },
  });
  return { sql: wrapped, sent: () => sent, answered: () => answered };
}
