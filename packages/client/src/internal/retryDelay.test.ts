import { describe, expect, it } from "vitest";
import { backoffDelay } from "./backoffDelay.js";
import { apiErrorFromBody } from "./errors/apiErrorFromBody.js";
import { timeoutErrorAfter } from "./errors/timeoutErrorAfter.js";
import { transportErrorFromCause } from "./errors/transportErrorFromCause.js";
import { transportErrorFromReply } from "./errors/transportErrorFromReply.js";
import { parseEnvelope } from "./parseEnvelope.js";
import { parseRetryAfter } from "./parseRetryAfter.js";
import { retryDelay } from "./retryDelay.js";

const policy = { maxRetries: 3, minDelayMs: 100, maxDelayMs: 1000 };
const meta = (status?: number) => ({ requestId: undefined, responseTime: undefined, status, attempts: 1 });
const rateLimited = (retryAfter?: number) =>
  apiErrorFromBody("resources.list", { error: "rate_limit_exceeded" }, meta(200), retryAfter) as never;

describe(retryDelay, () => {
  it("waits Retry-After for rate_limit_exceeded, and gives up when it is longer than maxDelayMs", () => {
    expect(retryDelay(rateLimited(1), 1, policy)).toBe(1000);
    expect(retryDelay(rateLimited(2), 1, policy)).toBeUndefined();
  });

  it("backs off for a dropped connection and for replies that are not the envelope", () => {
    for (const error of [
      transportErrorFromCause("m", new Error("reset"), meta()),
      transportErrorFromReply("m", "<html>", meta(502)),
      transportErrorFromReply("m", "Internal Server Error", meta(500)),
      transportErrorFromReply("m", "", meta(200)),
      transportErrorFromReply("m", "slow down", meta(429)),
    ]) {
      expect(retryDelay(error, 2, policy)).toBeGreaterThanOrEqual(100);
      expect(retryDelay(error, 2, policy)).toBeLessThanOrEqual(200);
    }
  });

  it("backs off for a 408 or 429 page from a proxy: asked again, it may answer", () => {
    for (const status of [408, 429]) {
      const delay = retryDelay(transportErrorFromReply("m", "Request Timeout", meta(status)), 1, policy);
      expect(delay, String(status)).toBeGreaterThanOrEqual(50);
      expect(delay, String(status)).toBeLessThanOrEqual(100);
    }
    for (const status of [400, 403, 404, 409, 499])
      expect(retryDelay(transportErrorFromReply("m", "no", meta(status)), 1, policy), String(status)).toBe(
        undefined,
      );
  });

  // Asked again, the server shows the same certificate and Node refuses it again: the
  // retries only delayed the message (4 attempts in 1.6 s before this rule).
  it("gives up at once on a refused TLS certificate", () => {
    const refusal = Object.assign(new Error("self-signed certificate"), {
      code: "DEPTH_ZERO_SELF_SIGNED_CERT",
    });
    const error = transportErrorFromCause("m", new TypeError("fetch failed", { cause: refusal }), meta());
    expect(retryDelay(error, 1, policy)).toBeUndefined();
  });

  it("gives up on a 4xx page, a timeout, any other API error, and after maxRetries", () => {
    expect(retryDelay(transportErrorFromReply("m", "Not Found", meta(404)), 1, policy)).toBeUndefined();
    expect(retryDelay(timeoutErrorAfter("m", 10, meta()), 1, policy)).toBeUndefined();
    expect(
      retryDelay(apiErrorFromBody("m", { error: "server_error" }, meta(200), undefined) as never, 1, policy),
    ).toBe(undefined);
    expect(retryDelay(rateLimited(0), 4, policy)).toBeUndefined();
  });
});

describe(backoffDelay, () => {
  it("doubles from minDelayMs, caps at maxDelayMs, and jitters to 50-100 %", () => {
    expect([1, 2, 3, 4, 5].map((retry) => backoffDelay(retry, 100, 1000, () => 1))).toEqual([
      100, 200, 400, 800, 1000,
    ]);
    expect(backoffDelay(3, 100, 1000, () => 0)).toBe(200);
  });
});

describe(parseRetryAfter, () => {
  it("reads whole seconds and nothing else", () => {
    expect(parseRetryAfter("2")).toBe(2);
    expect(parseRetryAfter(" 0 ")).toBe(0);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter("")).toBeUndefined();
    expect(parseRetryAfter("-1")).toBeUndefined();
    expect(parseRetryAfter("Wed, 21 Oct 2026 07:28:00 GMT")).toBeUndefined();
    expect(parseRetryAfter("1.5")).toBeUndefined();
    expect(parseRetryAfter("2 s")).toBeUndefined();
  });
});

describe(parseEnvelope, () => {
  it("accepts the success and failure envelopes", () => {
    expect(parseEnvelope('{"ok":true,"resources":[]}')).toEqual({ ok: true, resources: [] });
    expect(parseEnvelope('{"ok":false,"error":"token_invalid"}')).toEqual({
      ok: false,
      error: "token_invalid",
    });
  });

  it.each([
    "",
    "<html></html>",
    "null",
    "[]",
    '"ok"',
    '{"ok":"true"}',
    '{"ok":false}',
    '{"ok":false,"error":1}',
  ])("refuses %j", (text) => {
    expect(parseEnvelope(text)).toBeUndefined();
  });
});

describe("retryDelay of a write", () => {
  it("sends it again after a reset connection and after a server_error, as its key makes a repeat safe", () => {
    const reset = transportErrorFromCause(
      "webhooks.create",
      new TypeError("fetch failed", {
        cause: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }),
      }),
      meta(),
    );
    const serverError = apiErrorFromBody("webhooks.create", { error: "server_error" }, meta(200), undefined);
    expect(retryDelay(reset, 1, policy, true)).toBeDefined();
    expect(
      retryDelay(transportErrorFromReply("webhooks.create", "<html>", meta(502)), 1, policy, true),
    ).toBeDefined();
    expect(retryDelay(serverError as never, 1, policy, true)).toBeGreaterThan(0);
    expect(retryDelay(rateLimited(1), 1, policy, true)).toBe(1000);
    // Not a read's: server_error stays final for it.
    expect(retryDelay(serverError as never, 1, policy)).toBeUndefined();
    expect(retryDelay(serverError as never, 1, policy, false)).toBeUndefined();
    // Other refusals are final whatever the key: sent again, they would be refused again.
    const reused = apiErrorFromBody(
      "inspections.record",
      { error: "idempotency_key_reused" },
      meta(200),
      undefined,
    );
    expect(retryDelay(reused as never, 1, policy, true)).toBeUndefined();
    expect(retryDelay(serverError as never, 4, policy, true)).toBeUndefined();
    // A refused certificate is refused again, write or not.
    const certificate = transportErrorFromCause(
      "webhooks.create",
      new TypeError("fetch failed", {
        cause: Object.assign(new Error("self-signed certificate"), { code: "DEPTH_ZERO_SELF_SIGNED_CERT" }),
      }),
      meta(),
    );
    expect(retryDelay(certificate, 1, policy, true)).toBeUndefined();
  });
});
