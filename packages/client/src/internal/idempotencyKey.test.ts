// The client's own idempotency key on every write method (issues 36 and 48): one per call,
// the same on each try, so a write is sent again after a dropped connection or a
// server_error; a read never carries one.
import { methods } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { createClient } from "../createClient.js";
import { envelope, fakeFetch } from "../testing/fakeFetch.js";
import { newIdempotencyKey } from "./newIdempotencyKey.js";

const baseUrl = "https://wsafe.test";
const token = "t";
const fast = { minDelayMs: 1, maxDelayMs: 20 };
const reset = () => new TypeError("fetch failed", { cause: new Error("socket hang up") });
const serverError = envelope({
  ok: false,
  error: "server_error",
  description: "internal error (request id R)",
});
const recorded = envelope({ ok: true, inspection: {}, equipment: {}, late_entry: false });
const inspection = {
  equipment_id: "eq_1",
  schedule_id: "s_1",
  result: "passed",
  inspector_id: "u_1",
} as const;
const sentKeys = (fetch: ReturnType<typeof fakeFetch>) =>
  fetch.calls.map((call) => JSON.parse(String(call.init.body)).idempotency_key);

describe(newIdempotencyKey, () => {
  it("is 32 hex digits, new each time", () => {
    const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe("a write's idempotency key", () => {
  it("is one of the client's own per call, the same on every try after a reset and a server_error", async () => {
    const fetch = fakeFetch(reset(), serverError, recorded);
    const client = createClient({ baseUrl, token, fetch, retries: fast });
    await client.inspections.record(inspection);
    const keys = sentKeys(fetch);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    // The next call is another request: another key.
    await client.inspections.record(inspection);
    expect(sentKeys(fetch)[3]).not.toBe(keys[0]);
  });

  it("keeps the caller's own key, over GET too", async () => {
    const fetch = fakeFetch(reset(), recorded);
    const client = createClient({ baseUrl, token, fetch, retries: fast, method: "GET" });
    await client.inspections.record({ ...inspection, idempotency_key: "mine-1" });
    const keys = fetch.calls.map(
      (call) => JSON.parse(decodeURIComponent(new URL(call.url).search.slice(1))).idempotency_key,
    );
    expect(keys).toEqual(["mine-1", "mine-1"]);
  });

  it("gives up after the retries, and never sends a key with a read", async () => {
    const fetch = fakeFetch(serverError);
    const client = createClient({ baseUrl, token, fetch, retries: { ...fast, maxRetries: 2 } });
    await expect(client.inspections.record(inspection)).rejects.toMatchObject({ error: "server_error" });
    expect(fetch.calls).toHaveLength(3);
    const reads = fakeFetch(reset(), envelope({ ok: true, webhooks: [] }), envelope({ ok: true, user: {} }));
    const reader = createClient({ baseUrl, token, fetch: reads, retries: fast });
    await reader.webhooks.list();
    await reader.users.info({ user: "u_1" });
    expect(reads.calls).toHaveLength(3);
    expect(sentKeys(reads)).toEqual([undefined, undefined, undefined]);
    // A server_error of a read is final: it carries no key that would make a repeat safe.
    const failing = fakeFetch(serverError);
    await expect(
      createClient({ baseUrl, token, fetch: failing, retries: fast }).webhooks.list(),
    ).rejects.toMatchObject({ error: "server_error" });
    expect(failing.calls).toHaveLength(1);
  });

  it.each([
    ["webhooks.create", { url: "https://hooks.example.com/x" }],
    ["webhooks.delete", { id: "wh_1" }],
    ["webhooks.rotate_secret", { id: "wh_1" }],
    ["webhooks.redeliver", { webhook_id: "wh_1" }],
    // A write the next release adds: told by its name, with no change to the client.
    ["equipments.retire", { id: "eq_1" }],
  ] as const)("is sent with %s, the same after a reset and a server_error", async (method, params) => {
    const fetch = fakeFetch(reset(), serverError, envelope({ ok: true }));
    const client = createClient({ baseUrl, token, fetch, retries: fast });
    await client.call(method as never, params as never);
    const keys = sentKeys(fetch);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  // The client holds no list of writes: it tells one by its name. Held here to the
  // registry, the register's writes (issue 49) included, so no write goes out unkeyed and
  // no read carries a key.
  it.each(Object.values(methods).map((method) => [method.name, method.permission] as const))(
    "%s (%s): keyed exactly when the registry says it writes",
    async (method, permission) => {
      const fetch = fakeFetch(envelope({ ok: true }));
      await createClient({ baseUrl, token, fetch }).call(method as never, {} as never);
      const [key] = sentKeys(fetch);
      if (permission === "write") expect(key).toMatch(/^[0-9a-f]{32}$/);
      else expect(key).toBeUndefined();
    },
  );
});
