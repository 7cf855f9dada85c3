import type { Sql } from "../../src/store/database/Sql.js";

/**
 * The store's database with every transaction's first statement answered `delayMs` late:
 * what a loaded server does to a transaction of two statements, made certain. Other
 * statements go as they are.
 *
 * @param sql - the store's database
 * @param delayMs - how long after its answer the first statement of a transaction returns
 */
export function slowedAfterFirstStatement(sql: Sql, delayMs: number): Sql {
  const slowedTransaction: Sql["transaction"] = (work) =>
    sql.transaction((tx) => {
      let first = true;
      const slowedTx = new Proxy(tx, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver);
          if (property !== "query" || typeof value !== "function") return value;
          return async (...args: unknown[]) => {
            const answer = await value.apply(target, args);
            if (first) {
              first = false;
              await new Promise((resolve) => setTimeout(resolve, delayMs));
            }
            return answer;
          };
        },
      });
      return work(slowedTx);
    });
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === "transaction") return slowedTransaction;
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
