import { getEventListeners } from "node:events";
import { thrown } from "@wsafe/test-support";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createClient } from "../createClient.js";
import { ErrorCode } from "../errors/ErrorCode.js";
import { getMeta } from "../ResponseMeta.js";
import { envelope, fakeFetch, hang, page } from "../testing/fakeFetch.js";

// Where callMethod's limits fall: which timeouts mean none, a retry whose wait ends right
// at the deadline, and what a call leaves on the caller's signal. Fake timers throughout,
// so each edge is exact.
const baseUrl = "https://wsafe.test";
const token = "t";
const resources = { ok: true, resources: [] };

afterEach(() => vi.useRealTimers());

/** A fetch answering `resources` after `ms`, as a server that takes its time. */
const slowFetch = (ms: number) =>
  fakeFetch(() => new Promise((resolve) => setTimeout(() => resolve(envelope(resources)), ms)));

describe("callMethod's limits", () => {
  // A timer of 2^31 ms or more overflows and fires at once: such a limit must set none.
  it.each([
    ["0", 0],
    ["2^31 ms", 2 ** 31],
    ["Infinity", Number.POSITIVE_INFINITY],
  ])("waits for a slow reply with a timeout of %s, which means no limit", async (_what, timeoutMs) => {
    vi.useFakeTimers();
    const client = createClient({ baseUrl, token, fetch: slowFetch(50), timeoutMs });
    const call = client.resources.list().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(50);
    expect(await call).toEqual(resources);
  });

  it("still times out with the largest timer there is, 2^31 - 1 ms", async () => {
    vi.useFakeTimers();
    const timeoutMs = 2 ** 31 - 1;
    const client = createClient({ baseUrl, token, fetch: fakeFetch(hang), timeoutMs });
    const call = thrown(client.resources.list());
    await vi.advanceTimersByTimeAsync(timeoutMs);
    expect(await call).toMatchObject({ code: ErrorCode.TimeoutError, timeoutMs });
  });

  it("gives up at once when the Retry-After wait would end right at the deadline", async () => {
    vi.useFakeTimers();
    const fetch = fakeFetch(envelope({ ok: false, error: "rate_limit_exceeded" }, { "Retry-After": "1" }));
    const onRetry = vi.fn();
    const client = createClient({ baseUrl, token, fetch, timeoutMs: 1000, onRetry });
    const call = thrown(client.resources.list());
    await vi.advanceTimersByTimeAsync(2000);
    expect(await call).toMatchObject({
      code: ErrorCode.ApiError,
      error: "rate_limit_exceeded",
      retryAfter: 1,
      meta: { attempts: 1 },
    });
    expect(onRetry).not.toHaveBeenCalled();
    expect(fetch.calls).toHaveLength(1);
  });

  it("waits and retries when the Retry-After wait ends 1 ms before the deadline", async () => {
    vi.useFakeTimers();
    const fetch = fakeFetch(
      envelope({ ok: false, error: "rate_limit_exceeded" }, { "Retry-After": "1" }),
      envelope(resources),
    );
    const client = createClient({ baseUrl, token, fetch, timeoutMs: 1001 });
    const call = client.resources.list();
    await vi.advanceTimersByTimeAsync(1000);
    expect(getMeta(await call).attempts).toBe(2);
  });

  it.each([
    ["an error", new TypeError("schema drift")],
    ["undefined", undefined],
  ])(
    "passes on %s thrown by a validateResponses hook untouched, and does not send again",
    async (_what, failure) => {
      const fetch = fakeFetch(envelope(resources));
      const validateResponses = () => {
        throw failure;
      };
      const client = createClient({ baseUrl, token, fetch, validateResponses, retries: { minDelayMs: 1 } });
      await expect(client.resources.list()).rejects.toBe(failure);
      expect(fetch.calls).toHaveLength(1);
    },
  );

  it("leaves no listener on the caller's signal once a call has ended, so a long-lived signal does not collect them", async () => {
    const { signal } = new AbortController();
    const fetch = fakeFetch(envelope(resources), page(404, "Not Found"));
    const client = createClient({ baseUrl, token, fetch });
    await client.resources.list({}, { signal });
    await thrown(client.resources.list({}, { signal }));
    expect(fetch.calls).toHaveLength(2);
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
  });
});
