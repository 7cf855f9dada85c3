import { type MethodName, methodNames, methods } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import type { Sql } from "../store/database/Sql.js";
import type { WriteTransaction } from "../writes/WriteTransaction.js";
import { keyedWrite, methodHandlersOf } from "./keyedWrite.js";
import type { MethodCall } from "./MethodHandler.js";
import type { MethodHandlerDefinitions } from "./WriteHandler.js";

/** The database of a call that no statement reaches: a write without a key sends none of its own. */
const transactionOnly = {
  transaction: (work: (sql: Sql) => Promise<unknown>) => work(transactionOnly as Sql),
};
const call = {
  services: { store: { sql: transactionOnly } },
  token: { accountId: "acc_1" },
  now: 0,
} as unknown as MethodCall;

describe(methodHandlersOf, () => {
  it("runs every write method of the registry, and only those, inside its write transaction", async () => {
    const seen: Partial<Record<MethodName, number>> = {};
    const definitions = Object.fromEntries(
      methodNames.map((name) => [
        name,
        (
          _params: object,
          _call: MethodCall,
          transaction?: (write: (tx: WriteTransaction) => Promise<object>) => Promise<object>,
        ) => {
          seen[name] = transaction ? 3 : 2;
          return transaction ? transaction(async () => ({ ok: true, name })) : { ok: true, name };
        },
      ]),
    ) as unknown as MethodHandlerDefinitions;
    const handlers = methodHandlersOf(definitions);
    for (const name of methodNames)
      expect(await handlers[name]({} as never, call), name).toEqual({ ok: true, name });
    expect(seen).toEqual(
      Object.fromEntries(methodNames.map((name) => [name, methods[name].permission === "write" ? 3 : 2])),
    );
    expect(Object.values(seen)).toContain(3);
  });
});

describe(keyedWrite, () => {
  it("answers what the write's transaction answered", async () => {
    const handler = keyedWrite("webhooks.delete", (_params, _call, transaction) =>
      transaction(async () => ({ ok: true })),
    );
    expect(await handler({ token: "t", id: "wh_1" }, call)).toEqual({ ok: true });
  });

  it("fails a write handler that answers without its transaction: a repeat of its key could not answer alike", async () => {
    const handler = keyedWrite("webhooks.delete", async () => ({ ok: true }));
    await expect(handler({ token: "t", id: "wh_1" }, call)).rejects.toThrow(
      "webhooks.delete answered without its transaction's answer: its handler must answer transaction(...)",
    );
  });

  it("fails a write handler that answers another answer than its transaction's", async () => {
    const handler = keyedWrite("webhooks.delete", async (_params, _call, transaction) => ({
      ...(await transaction(async () => ({ ok: true }))),
    }));
    await expect(handler({ token: "t", id: "wh_1" }, call)).rejects.toThrow(
      /answered without its transaction's answer/,
    );
  });
});
