// The webhooks.* methods over real HTTPS, on both stores: a read token cannot write
// (token_permission, over GET and POST), an endpoint is made, listed, rotated and deleted
// by its own account only, the cap holds, and every refusal (a private or loopback address,
// http, a malformed URL, another account's type or endpoint) changes nothing; a host name
// is refused naming the kind of address it resolves to, the address going to the log
// only. This server delivers nothing (`deliver: false`): an endpoint made here at a public
// address literal never gets a packet.
import { Writable } from "node:stream";
import { webhookDelivery } from "@wsafe/schema";
import { type ScratchDatabase, seedDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import type { RunningServer } from "../src/server/ServerOptions.js";
import { startServer } from "../src/server/startServer.js";
import { openStore } from "../src/store/openStore.js";
import { callMethod } from "./support/callApi.js";
import { webhookDataset, webhookTokens } from "./support/webhookDataset.js";

/** A public address literal: accepted as a URL, never contacted (this server delivers nothing). */
const publicUrl = "https://8.8.8.8/hooks/wsafe";
const [own, other] = [webhookTokens(0), webhookTokens(1)];

describe.each(testStores)("the webhooks methods on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let server: RunningServer;
  /** What the server logs, one parsed JSON line each. */
  const logged: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) logged.push(JSON.parse(line));
      done();
    },
  });
  const post = async (method: string, data: object) =>
    (await callMethod(server.url, "POST", method, data)).body;

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    await seedDatabase({ openStore, importDataset }, db.database, webhookDataset(2));
    server = await startServer({
      port: 0,
      database: db.database,
      logger: { stream },
      webhooks: { deliver: false },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });

  it.skipIf(skip)(
    "answers a read token's webhooks.create with token_permission, over GET and POST",
    async () => {
      for (const httpMethod of ["GET", "POST"] as const) {
        const answer = await callMethod(server.url, httpMethod, "webhooks.create", {
          token: own.read,
          url: publicUrl,
        });
        expect(answer.body).toEqual({
          ok: false,
          error: "token_permission",
          description: "the token lacks the write permission",
        });
      }
      expect((await post("webhooks.list", { token: own.read })).webhooks).toEqual([]);
    },
  );

  it.skipIf(skip)("refuses a URL that is not https to a public address, and makes nothing", async () => {
    const refused: [string, RegExp][] = [
      ["https://127.0.0.1:8443/hook", /127\.0\.0\.1 is a loopback address/],
      ["https://[::1]/hook", /::1 is a loopback address/],
      ["https://10.0.0.5/hook", /10\.0\.0\.5 is a private address/],
      ["https://169.254.169.254/latest/meta-data", /cloud metadata/],
      // A name is answered with the kind of address it resolves to, never the address.
      ["https://localhost:9/hook", /localhost resolves to a loopback address; /],
      ["http://8.8.8.8/hook", /https only|over https only/],
      ["https://user:pw@8.8.8.8/hook", /credentials/],
      ["not a url", /not an absolute URL/],
    ];
    for (const [url, why] of refused) {
      const answer = await post("webhooks.create", { token: own.write, url });
      expect(answer.error, url).toBe("parameter_invalid");
      expect(answer.description, url).toMatch(/^invalid parameter: url: /);
      expect(answer.description, url).toMatch(why);
      expect(answer.description, url).not.toContain("pw");
      if (url.includes("localhost")) expect(answer.description, url).not.toMatch(/127\.0\.0\.1|::1/);
    }
    // The address the name resolved to goes to the server's log only.
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: "webhooks.create refused an endpoint for the address its host name resolves to",
        host: "localhost",
        address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/),
        kind: "loopback",
      }),
    );
    expect(
      await post("webhooks.create", { token: own.write, url: publicUrl, equipmentType_id: "et_wh_1" }),
    ).toEqual({
      ok: false,
      error: "content_not_found",
      description: "equipment type not found: et_wh_1",
    });
    expect((await post("webhooks.list", { token: own.read })).webhooks).toEqual([]);
  });

  it.skipIf(skip)(
    "makes, lists, rotates and deletes an endpoint, its secret shown only when made or rotated",
    async () => {
      const before = Date.now();
      const made = await post("webhooks.create", {
        token: own.write,
        url: publicUrl,
        equipmentType_id: "et_wh_0",
      });
      expect(made.ok).toBe(true);
      expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      expect(made.webhook).toMatchObject({
        url: publicUrl,
        types: ["schedule.status_changed", "equipment.status_changed"],
        equipmentType_id: "et_wh_0",
        state: "active",
        state_reason: null,
        previous_secret_expires_at: null,
      });
      expect(made.webhook.created).toBeGreaterThanOrEqual(before);
      const listed = await post("webhooks.list", { token: own.read });
      expect(listed).toEqual({ ok: true, webhooks: [made.webhook] });
      expect(JSON.stringify(listed)).not.toContain(made.secret);

      const rotated = await post("webhooks.rotate_secret", { token: own.write, id: made.webhook.id });
      expect(rotated.secret).toMatch(/^whsec_/);
      expect(rotated.secret).not.toBe(made.secret);
      expect(rotated.previous_secret_expires_at - Date.now()).toBeGreaterThan(
        webhookDelivery.rotationOverlapMs - 60_000,
      );
      const after = (await post("webhooks.list", { token: own.read })).webhooks[0];
      expect(after.previous_secret_expires_at).toBe(rotated.previous_secret_expires_at);
      expect(await post("webhooks.deliveries", { token: own.read, webhook_id: made.webhook.id })).toEqual({
        ok: true,
        deliveries: [],
        response_metadata: { next_cursor: "" },
      });

      // Another account reaches none of it.
      for (const [method, data] of [
        ["webhooks.delete", { id: made.webhook.id }],
        ["webhooks.rotate_secret", { id: made.webhook.id }],
        ["webhooks.deliveries", { webhook_id: made.webhook.id }],
      ] as const) {
        expect(await post(method, { token: other.write, ...data })).toEqual({
          ok: false,
          error: "content_not_found",
          description: `webhook not found: ${made.webhook.id}`,
        });
      }
      expect((await post("webhooks.list", { token: other.read })).webhooks).toEqual([]);

      expect(await post("webhooks.delete", { token: own.write, id: made.webhook.id })).toEqual({ ok: true });
      expect((await post("webhooks.list", { token: own.read })).webhooks).toEqual([]);
      expect((await post("webhooks.delete", { token: own.write, id: made.webhook.id })).error).toBe(
        "content_not_found",
      );
    },
  );

  it.skipIf(skip)(`holds an account to ${webhookDelivery.endpointsPerAccount} endpoints`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < webhookDelivery.endpointsPerAccount; i++)
      ids.push((await post("webhooks.create", { token: own.write, url: `${publicUrl}/${i}` })).webhook.id);
    const over = await post("webhooks.create", { token: own.write, url: `${publicUrl}/over` });
    expect(over).toEqual({
      ok: false,
      error: "limit_reached",
      description: `the account has ${webhookDelivery.endpointsPerAccount} webhook endpoints, the most it may have: delete one (webhooks.delete) before making another`,
    });
    // The other account's cap is its own.
    expect((await post("webhooks.create", { token: other.write, url: publicUrl })).ok).toBe(true);
    for (const id of ids) await post("webhooks.delete", { token: own.write, id });
  });
});
