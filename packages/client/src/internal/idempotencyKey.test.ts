// The client's own idempotency key on the write methods that take one (issue 36): one per
// call, the same on each try, so a keyed write is sent again after a dropped connection
// or a server_error, where a plain write is not.
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

describe("inspections.record's idempotency key", () => {
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

  it("gives up after the retries, and never sends a key with a read or a plain write", async () => {
    const fetch = fakeFetch(serverError);
    const client = createClient({ baseUrl, token, fetch, retries: { ...fast, maxRetries: 2 } });
    await expect(client.inspections.record(inspection)).rejects.toMatchObject({ error: "server_error" });
    expect(fetch.calls).toHaveLength(3);
    const plain = fakeFetch(reset(), envelope({ ok: true, webhooks: [] }));
    const other = createClient({ baseUrl, token, fetch: plain, retries: fast });
    await expect(other.webhooks.create({ url: "https://hooks.example.com/x" })).rejects.toMatchObject({
      code: "wsafe_transport_error",
    });
    expect(plain.calls).toHaveLength(1);
    await other.resources.list();
    expect(sentKeys(plain).every((key) => key === undefined)).toBe(true);
  });
});
