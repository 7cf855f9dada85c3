import { describe, expect, it } from "vitest";
import type { Sql } from "../store/database/Sql.js";
import { keyedWrite, keyedWriteOf } from "./keyedWrite.js";
import type { MethodCall } from "./MethodHandler.js";

/** The database of a call that no statement reaches: a write without a key sends none of its own. */
const transactionOnly = {
  transaction: (work: (sql: Sql) => Promise<unknown>) => work(transactionOnly as Sql),
};
const call = {
  services: { store: { sql: transactionOnly } },
  token: { accountId: "acc_1" },
  now: 0,
} as unknown as MethodCall;

describe(keyedWrite, () => {
  it("answers what the write's transaction answered, and says whose write it is", async () => {
    const handler = keyedWrite("webhooks.delete", (_params, _call, transaction) =>
      transaction(async () => ({ ok: true })),
    );
    expect(await handler({ token: "t", id: "wh_1" }, call)).toEqual({ ok: true });
    expect(keyedWriteOf(handler)).toBe("webhooks.delete");
    expect(keyedWriteOf(async () => ({ ok: true }))).toBeUndefined();
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
