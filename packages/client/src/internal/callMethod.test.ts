import { thrown } from "@wsafe/test-support";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RetryEvent } from "../ClientOptions.js";
import { createClient } from "../createClient.js";
import { ErrorCode } from "../errors/ErrorCode.js";
import { getMeta } from "../ResponseMeta.js";
import { envelope, fakeFetch, hang, page } from "../testing/fakeFetch.js";
import { callMethod } from "./callMethod.js";

const baseUrl = "https://wsafe.test";
const token = "t";
const ok = envelope({ ok: true, resources: [] });
const rateLimited = (retryAfter?: string) =>
  envelope(
    { ok: false, error: "rate_limit_exceeded", description: "too many requests" },
    retryAfter === undefined ? {} : { "Retry-After": retryAfter },
  );
const reset = () => new TypeError("fetch failed", { cause: new Error("socket hang up") });
// Tiny delays keep the real-timer tests fast; the Retry-After tests use fake timers.
const fast = { minDelayMs: 1, maxDelayMs: 20 };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe(callMethod, () => {
  describe("retries", () => {
    it("waits Retry-After seconds after rate_limit_exceeded, then retries", async () => {
      vi.useFakeTimers();
      const fetch = fakeFetch(rateLimited("2"), ok);
      const events: RetryEvent[] = [];
      const client = createClient({ baseUrl, token, fetch, onRetry: (event) => events.push(event) });
      const call = client.resources.list();
      await vi.advanceTimersByTimeAsync(1999);
      expect(fetch.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      const result = await call;
      expect(fetch.calls).toHaveLength(2);
      expect(getMeta(result).attempts).toBe(2);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ method: "resources.list", attempt: 1, delayMs: 2000 });
      expect(events[0]!.error).toMatchObject({
        code: ErrorCode.ApiError,
        error: "rate_limit_exceeded",
        retryAfter: 2,
      });
    });

    it("backs off when rate_limit_exceeded comes without Retry-After", async () => {
      const fetch = fakeFetch(rateLimited(), ok);
      const events: RetryEvent[] = [];
      const client = createClient({
        baseUrl,
        token,
        fetch,
        retries: fast,
        onRetry: (event) => events.push(event),
      });
      await client.resources.list();
      expect(events[0]!.delayMs).toBeGreaterThanOrEqual(0);
      expect(events[0]!.delayMs).toBeLessThanOrEqual(1);
    });

    it("throws at once when Retry-After is longer than maxDelayMs", async () => {
      const fetch = fakeFetch(rateLimited("120"), ok);
      const client = createClient({ baseUrl, token, fetch, retries: { maxDelayMs: 60_000 } });
      const error = await thrown(client.resources.list());
      expect(error).toMatchObject({ error: "rate_limit_exceeded", retryAfter: 120, meta: { attempts: 1 } });
      expect(fetch.calls).toHaveLength(1);
    });

    it("retries a dropped connection with growing, jittered, capped waits and gives up after maxRetries", async () => {
      const fetch = fakeFetch(reset());
      const events: RetryEvent[] = [];
      const client = createClient({
        baseUrl,
        token,
        fetch,
        retries: { maxRetries: 4, minDelayMs: 2, maxDelayMs: 8 },
        onRetry: (event) => events.push(event),
      });
      const error = await thrown(client.resources.list());
      expect(fetch.calls).toHaveLength(5);
      expect(error).toMatchObject({
        code: ErrorCode.TransportError,
        status: undefined,
        meta: { attempts: 5 },
      });
      expect(events.map((event) => event.attempt)).toEqual([1, 2, 3, 4]);
      const ceilings = [2, 4, 8, 8];
      events.forEach((event, index) => {
        expect(event.delayMs).toBeGreaterThanOrEqual(ceilings[index]! / 2);
        expect(event.delayMs).toBeLessThanOrEqual(ceilings[index]!);
      });
    });

    it("retries a reply that is not the envelope, then returns the success", async () => {
      const fetch = fakeFetch(page(502, "<h1>Bad Gateway</h1>"), new Response("", { status: 200 }), ok);
      const client = createClient({ baseUrl, token, fetch, retries: fast });
      const result = await client.resources.list();
      expect(result).toEqual({ ok: true, resources: [] });
      expect(getMeta(result)).toMatchObject({ attempts: 3, requestId: "Req0000000000000000001" });
    });

    it("does not retry a 4xx page from something in front of the service, which would answer the same", async () => {
      const fetch = fakeFetch(page(404, "Not Found"), ok);
      const client = createClient({ baseUrl, token, fetch, retries: fast });
      expect(await thrown(client.resources.list())).toMatchObject({ status: 404 });
      expect(fetch.calls).toHaveLength(1);
    });

    it.each(["token_invalid", "parameter_invalid", "content_not_found", "server_error"])(
      "does not retry %s",
      async (identifier) => {
        const fetch = fakeFetch(envelope({ ok: false, error: identifier }), ok);
        const client = createClient({ baseUrl, token, fetch, retries: fast });
        expect(await thrown(client.resources.list())).toMatchObject({ error: identifier });
        expect(fetch.calls).toHaveLength(1);
      },
    );

    it("makes a single attempt with retries: false", async () => {
      const fetch = fakeFetch(reset(), ok);
      const client = createClient({ baseUrl, token, fetch, retries: false });
      await thrown(client.resources.list());
      expect(fetch.calls).toHaveLength(1);
    });

    it("ends the call with the error an onRetry hook throws", async () => {
      const fetch = fakeFetch(reset(), ok);
      const stop = new Error("stop retrying");
      const client = createClient({
        baseUrl,
        token,
        fetch,
        retries: fast,
        onRetry: () => {
          throw stop;
        },
      });
      expect(await thrown(client.resources.list())).toBe(stop);
      expect(fetch.calls).toHaveLength(1);
    });
  });

  describe("timeouts", () => {
    it("throws a WsafeTimeoutError when the server does not answer in time", async () => {
      const client = createClient({ baseUrl, token, fetch: fakeFetch(hang), timeoutMs: 20 });
      const error = await thrown(client.resources.list());
      expect(error).toMatchObject({ name: "WsafeTimeoutError", code: ErrorCode.TimeoutError, timeoutMs: 20 });
    });

    it("times out even with a fetch that ignores its signal", async () => {
      const client = createClient({ baseUrl, token, fetch: () => new Promise(() => {}), timeoutMs: 20 });
      expect(await thrown(client.resources.list())).toMatchObject({ code: ErrorCode.TimeoutError });
    });

    it("lets one call set its own timeout", async () => {
      const client = createClient({ baseUrl, token, fetch: fakeFetch(hang) });
      const error = await thrown(client.resources.list({}, { timeoutMs: 10 }));
      expect(error).toMatchObject({ code: ErrorCode.TimeoutError, timeoutMs: 10 });
    });

    // The jitter is pinned at each end so the count of attempts is exact: a random wait made this test flaky.
    it.each([
      // Longest waits: 600 ms fits, the next 1 200 ms would end past the 1 000 ms deadline.
      { jitter: 1, attempts: 2 },
      // Shortest waits: 300 + 600 ms fit, the next 1 200 ms (jittered to 50 %) would not.
      { jitter: 0, attempts: 3 },
    ])("counts retries and their waits in the timeout (jitter $jitter)", async ({ jitter, attempts }) => {
      vi.useFakeTimers();
      vi.spyOn(Math, "random").mockReturnValue(jitter);
      const fetch = fakeFetch(reset());
      const client = createClient({
        baseUrl,
        token,
        fetch,
        timeoutMs: 1000,
        retries: { minDelayMs: 600, maxRetries: 5 },
      });
      const call = thrown(client.resources.list());
      await vi.advanceTimersByTimeAsync(5000);
      // A wait that would end past the deadline is not taken: the transport failure says more than a timeout.
      expect(await call).toMatchObject({ code: ErrorCode.TransportError });
      expect(fetch.calls).toHaveLength(attempts);
    });

    it("takes 0 and Infinity as no limit", async () => {
      const fetch = fakeFetch(ok);
      const client = createClient({ baseUrl, token, fetch, timeoutMs: Number.POSITIVE_INFINITY });
      expect(await client.resources.list()).toEqual({ ok: true, resources: [] });
      expect(await client.resources.list({}, { timeoutMs: 0 })).toEqual({ ok: true, resources: [] });
    });

    it("does not retry a timeout", async () => {
      const fetch = fakeFetch(hang);
      const client = createClient({ baseUrl, token, fetch, timeoutMs: 15, retries: fast });
      await thrown(client.resources.list());
      expect(fetch.calls).toHaveLength(1);
    });
  });

  describe("aborts", () => {
    it("throws a WsafeAbortError carrying the signal's reason, and never retries it", async () => {
      const controller = new AbortController();
      const fetch = fakeFetch(hang);
      const client = createClient({ baseUrl, token, fetch, retries: fast });
      const call = thrown(client.resources.list({}, { signal: controller.signal }));
      controller.abort(new Error("user left"));
      const error = await call;
      expect(error).toMatchObject({
        name: "WsafeAbortError",
        code: ErrorCode.AbortError,
        method: "resources.list",
      });
      expect((error as Error).cause).toEqual(new Error("user left"));
      expect(fetch.calls).toHaveLength(1);
    });

    it("sends nothing when the signal has already fired", async () => {
      const fetch = fakeFetch(ok);
      const client = createClient({ baseUrl, token, fetch });
      const error = await thrown(client.resources.list({}, { signal: AbortSignal.abort() }));
      expect(error).toMatchObject({ code: ErrorCode.AbortError });
      expect(fetch.calls).toHaveLength(0);
    });

    it("stops waiting for a retry as soon as the signal fires", async () => {
      vi.useFakeTimers();
      const controller = new AbortController();
      const fetch = fakeFetch(rateLimited("20"), ok);
      const client = createClient({ baseUrl, token, fetch });
      const call = thrown(client.resources.list({}, { signal: controller.signal }));
      await vi.advanceTimersByTimeAsync(1000);
      controller.abort();
      expect(await call).toMatchObject({ code: ErrorCode.AbortError, meta: { attempts: 1 } });
      expect(fetch.calls).toHaveLength(1);
      expect(vi.getTimerCount()).toBe(0);
    });

    it("passes the abort on to fetch", async () => {
      const controller = new AbortController();
      const fetch = fakeFetch(hang);
      const client = createClient({ baseUrl, token, fetch });
      const call = thrown(client.resources.list({}, { signal: controller.signal }));
      controller.abort();
      await call;
      expect(fetch.calls[0]!.init.signal.aborted).toBe(true);
    });
  });

  it("says how to pass a fetch where the runtime has none, before sending anything", async () => {
    vi.stubGlobal("fetch", undefined);
    try {
      await expect(createClient({ baseUrl, token }).resources.list()).rejects.toThrow(
        new TypeError("@wsafe/client: no global fetch; pass createClient({ fetch })"),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("leaves no timer behind after a call", async () => {
    vi.useFakeTimers();
    const client = createClient({ baseUrl, token, fetch: fakeFetch(ok) });
    await client.resources.list();
    expect(vi.getTimerCount()).toBe(0);
  });
});
