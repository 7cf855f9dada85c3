// The idempotency keys of the webhooks writes (issue 48: every write takes one), over real
// HTTPS on both stores, through the one mechanism inspections.record's go through: a repeat
// of a key and its parameters answers the first answer, byte for byte, and changes nothing
// more (no second endpoint, no second rotation, a deleted endpoint's delete still ok, a
// redelivery that re-activates nothing again); the same key with other parameters, or to
// another method, answers idempotency_key_reused and changes nothing; a write that failed
// keeps nothing under its key; the same key in two accounts is two keys. This server
// delivers nothing (`deliver: false`): an endpoint at a public address literal never gets a
// packet.
import { eventually, type ScratchDatabase, seedDatabase, testStores } from "@wsafe/test-support";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import type { RunningServer } from "../src/server/ServerOptions.js";
import { startServer } from "../src/server/startServer.js";
import { openStore } from "../src/store/openStore.js";
import { storeOf } from "../src/testing.js";
import { type ApiAnswer, callMethod } from "./support/callApi.js";
import { expectFailure } from "./support/expectFailure.js";
import { webhookDataset, webhookTokens } from "./support/webhookDataset.js";

const [own, other] = [webhookTokens(0), webhookTokens(1)];
/** A public address literal: accepted, never contacted (this server delivers nothing). */
const url = (path: string) => `https://8.8.8.8/hooks/${path}`;
const key = () => `key-${Math.random().toString(36).slice(2)}`;

describe.each(testStores)("the webhooks writes' idempotency keys on $name", ({ name, skip, create }) => {
  let db: ScratchDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    await seedDatabase({ openStore, importDataset }, db.database, webhookDataset(2));
    server = await startServer({ port: 0, database: db.database, webhooks: { deliver: false } });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });

  const call = (method: string, data: object, token = own.write): Promise<ApiAnswer> =>
    callMethod(server.url, "POST", method, { token, ...data });
  const sql = () => storeOf(server).sql;
  /** Every endpoint of every account, as stored: what a write changed. */
  const endpoints = () =>
    sql().query(
      "SELECT id, account_id, url, secret, previous_secret, previous_secret_expires_at::text, state FROM webhooks ORDER BY id",
    );
  const keysKept = async () =>
    Number((await sql().query<{ n: string }>("SELECT count(*)::text AS n FROM inspection_requests"))[0]?.n);
  /** A new endpoint of account 0, made without a key. */
  const newEndpoint = async (path: string): Promise<string> => {
    const made = await call("webhooks.create", { url: url(path) });
    expect(made.body.ok, made.text).toBe(true);
    return made.body.webhook.id;
  };
  const deleteAll = () => sql().query("DELETE FROM webhooks");

  it.skipIf(skip)(
    "webhooks.create: a repeat answers the first answer, secret and all, and makes nothing",
    async () => {
      await deleteAll();
      const k = key();
      const first = await call("webhooks.create", {
        url: url("create"),
        types: ["schedule.status_changed"],
        idempotency_key: k,
      });
      expect(first.body.ok, first.text).toBe(true);
      const made = await endpoints();
      const again = await call("webhooks.create", {
        url: url("create"),
        types: ["schedule.status_changed"],
        idempotency_key: k,
      });
      expect(again.text).toBe(first.text);
      // Over GET too: the same request data is the same request.
      const overGet = await callMethod(server.url, "GET", "webhooks.create", {
        token: own.write,
        idempotency_key: k,
        types: ["schedule.status_changed"],
        url: url("create"),
      });
      expect(overGet.text).toBe(first.text);
      expect(await endpoints()).toEqual(made);
      expect(made).toHaveLength(1);
    },
  );

  it.skipIf(skip)(
    "webhooks.create sent many times at once with one key makes one endpoint, answered alike",
    async () => {
      await deleteAll();
      const k = key();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => call("webhooks.create", { url: url("at-once"), idempotency_key: k })),
      );
      for (const answer of answers) expect(answer.body.ok, answer.text).toBe(true);
      expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
      expect(await endpoints()).toHaveLength(1);
    },
  );

  it.skipIf(skip || name !== "PostgreSQL")(
    "makes each of two endpoints of one account whose keys were both claimed before either counted",
    async () => {
      await deleteAll();
      // Hold the account's row as a maker counting does: both requests claim their keys
      // (each key's row holding the account's row KEY SHARE), then both wait to count.
      const holder = new pg.Client({ connectionString: db.database });
      const watcher = new pg.Client({ connectionString: db.database });
      await holder.connect();
      await watcher.connect();
      try {
        await holder.query("BEGIN");
        await holder.query("SELECT 1 FROM accounts WHERE id = 'acc_wh_0' FOR NO KEY UPDATE");
        const sent = ["a", "b"].map((path) =>
          call("webhooks.create", { url: url(path), idempotency_key: key() }),
        );
        await eventually(
          async () => (await waitingIn(watcher, "FROM accounts WHERE id")) === 2,
          "both makers, their keys claimed, wait for the account's row",
          { timeoutMs: 30_000 },
        );
        await holder.query("COMMIT");
        for (const answer of await Promise.all(sent)) expect(answer.body.ok, answer.text).toBe(true);
        expect(await endpoints()).toHaveLength(2);
      } finally {
        await holder.end();
        await watcher.end();
      }
    },
  );

  it.skipIf(skip)(
    "webhooks.create at the account's cap: a repeat of the tenth still answers the tenth",
    async () => {
      await deleteAll();
      for (let index = 1; index < 10; index++) await newEndpoint(`cap-${index}`);
      const k = key();
      const tenth = await call("webhooks.create", { url: url("cap-10"), idempotency_key: k });
      expect(tenth.body.ok, tenth.text).toBe(true);
      expect((await call("webhooks.create", { url: url("cap-10"), idempotency_key: k })).text).toBe(
        tenth.text,
      );
      expectFailure(
        await call("webhooks.create", { url: url("cap-11"), idempotency_key: key() }),
        "limit_reached",
      );
      expect(await endpoints()).toHaveLength(10);
    },
  );

  it.skipIf(skip)(
    "webhooks.rotate_secret: a repeat answers the first secret and rotates nothing more",
    async () => {
      await deleteAll();
      const id = await newEndpoint("rotate");
      const [before] = await endpoints();
      const k = key();
      const first = await call("webhooks.rotate_secret", { id, idempotency_key: k });
      expect(first.body.ok, first.text).toBe(true);
      const again = await call("webhooks.rotate_secret", { id, idempotency_key: k });
      expect(again.text).toBe(first.text);
      // Rotated once: the new secret signs, and the one before it is the endpoint's first.
      const [after] = await endpoints();
      expect(after).toMatchObject({ secret: first.body.secret, previous_secret: before?.secret });
    },
  );

  it.skipIf(skip)(
    "webhooks.delete: a repeat answers ok again, where a new request finds nothing",
    async () => {
      await deleteAll();
      const id = await newEndpoint("delete");
      const k = key();
      const first = await call("webhooks.delete", { id, idempotency_key: k });
      expect(first.text).toBe('{"ok":true}');
      expect((await call("webhooks.delete", { id, idempotency_key: k })).text).toBe(first.text);
      expectFailure(await call("webhooks.delete", { id, idempotency_key: key() }), "content_not_found");
      expect(await endpoints()).toEqual([]);
    },
  );

  it.skipIf(skip)(
    "webhooks.redeliver: a repeat answers the first answer and activates nothing again",
    async () => {
      await deleteAll();
      const id = await newEndpoint("redeliver");
      const disable = () =>
        sql().query("UPDATE webhooks SET state = 'disabled', state_reason = 'gone' WHERE id = $1", [id]);
      await disable();
      const k = key();
      const first = await call("webhooks.redeliver", { webhook_id: id, idempotency_key: k });
      expect(first.body).toMatchObject({ ok: true, queued: 0, webhook: { id, state: "active" } });
      await disable();
      expect((await call("webhooks.redeliver", { webhook_id: id, idempotency_key: k })).text).toBe(
        first.text,
      );
      expect(await endpoints()).toMatchObject([{ id, state: "disabled" }]);
    },
  );

  it.skipIf(skip)(
    "answers a key sent with other parameters, or to another method, idempotency_key_reused, changing nothing",
    async () => {
      await deleteAll();
      const id = await newEndpoint("reused");
      const k = key();
      expect((await call("webhooks.rotate_secret", { id, idempotency_key: k })).body.ok).toBe(true);
      const before = await endpoints();
      const kept = await keysKept();
      const other = await newEndpoint("reused-other");
      const afterNew = await endpoints();
      expectFailure(
        await call("webhooks.rotate_secret", { id: other, idempotency_key: k }),
        "idempotency_key_reused",
        /^idempotency_key was sent within the last 24 hours with other parameters: /,
      );
      for (const [method, data] of [
        ["webhooks.delete", { id }],
        ["webhooks.redeliver", { webhook_id: id }],
        ["webhooks.create", { url: url("reused") }],
      ] as const)
        expectFailure(
          await call(method, { ...data, idempotency_key: k }),
          "idempotency_key_reused",
          "idempotency_key was sent within the last 24 hours to webhooks.rotate_secret: send the first request again to get its answer, or a new key for a new request",
        );
      expect(await endpoints()).toEqual(afterNew);
      expect(afterNew.filter((endpoint) => endpoint.id === id)).toEqual(before);
      expect(await keysKept()).toBe(kept);
    },
  );

  it.skipIf(skip)("keeps nothing under the key of a write that failed: corrected, it writes", async () => {
    await deleteAll();
    const k = key();
    expectFailure(
      await call("webhooks.create", { url: "https://10.0.0.1/hook", idempotency_key: k }),
      "parameter_invalid",
    );
    expectFailure(
      await call("webhooks.create", { url: url("failed"), equipmentType_id: "et_wh_1", idempotency_key: k }),
      "content_not_found",
    );
    expect(await endpoints()).toEqual([]);
    const corrected = await call("webhooks.create", {
      url: url("failed"),
      equipmentType_id: "et_wh_0",
      idempotency_key: k,
    });
    expect(corrected.body.ok, corrected.text).toBe(true);
    expect(await endpoints()).toHaveLength(1);
  });

  it.skipIf(skip)("keeps keys per account: another account's same key is its own", async () => {
    await deleteAll();
    const k = key();
    const mine = await call("webhooks.create", { url: url("tenant"), idempotency_key: k });
    const theirs = await call("webhooks.create", { url: url("tenant"), idempotency_key: k }, other.write);
    expect(mine.body.ok, mine.text).toBe(true);
    expect(theirs.body.ok, theirs.text).toBe(true);
    expect(theirs.body.webhook.id).not.toBe(mine.body.webhook.id);
    expect(theirs.body.secret).not.toBe(mine.body.secret);
    // Each account's repeat answers its own first answer.
    expect(
      (await call("webhooks.create", { url: url("tenant"), idempotency_key: k }, other.write)).text,
    ).toBe(theirs.text);
    expect((await call("webhooks.create", { url: url("tenant"), idempotency_key: k })).text).toBe(mine.text);
    expect((await endpoints()).map((endpoint) => endpoint.account_id).sort()).toEqual([
      "acc_wh_0",
      "acc_wh_1",
    ]);
  });
});

/** Sessions of this database waiting on a lock in a statement that contains `text`. */
async function waitingIn(client: pg.Client, text: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND position($1 in query) > 0`,
    [text],
  );
  return Number(rows[0]?.n);
}
