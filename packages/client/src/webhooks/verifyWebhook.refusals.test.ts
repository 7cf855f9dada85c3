import { createHmac, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { verifyWebhook } from "./verifyWebhook.js";
import { WsafeWebhookError } from "./WsafeWebhookError.js";

// The edges of verifyWebhook that its main test leaves open: the words of each refusal,
// the odd shapes a receiver's headers, secret and body can take, and a runtime without WebCrypto.
const key = randomBytes(32);
const secret = `whsec_${key.toString("base64")}`;
const now = Date.UTC(2026, 10, 23, 10, 0, 0);
const seconds = now / 1000;
const body = JSON.stringify({
  type: "schedule.status_changed",
  timestamp: "2026-11-23T09:59:58.000Z",
  data: {},
});

/** Signs `id.at.` and the bytes with node:crypto, as the spec says: independent of the code under test. */
const sign = (id: string, at: number, bytes: string | Uint8Array, with_: Uint8Array = key) =>
  `v1,${createHmac("sha256", with_).update(`${id}.${at}.`).update(bytes).digest("base64")}`;
const headersFor = (at = seconds, bytes: string | Uint8Array = body) => ({
  "webhook-id": "evt_1",
  "webhook-timestamp": String(at),
  "webhook-signature": sign("evt_1", at, bytes),
});

/** The WsafeWebhookError a verification threw, as `{ code, message }`. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WsafeWebhookError);
  const { code, message } = error as WsafeWebhookError;
  return { code, message };
}

afterEach(() => vi.unstubAllGlobals());

describe("verifyWebhook's refusals", () => {
  it.each([
    [
      "a missing header",
      () => verifyWebhook(secret, { ...headersFor(), "webhook-id": "" }, body, { now }),
      "headers_missing",
      "webhook-id, webhook-timestamp and webhook-signature are all required",
    ],
    [
      "a timestamp that is not integer seconds",
      () => verifyWebhook(secret, { ...headersFor(), "webhook-timestamp": "soon" }, body, { now }),
      "timestamp_invalid",
      "webhook-timestamp is not integer seconds",
    ],
    [
      "an old delivery",
      () => verifyWebhook(secret, headersFor(seconds - 301), body, { now }),
      "timestamp_too_old",
      "signed more than 300 s ago",
    ],
    [
      "a delivery from the future",
      () => verifyWebhook(secret, headersFor(seconds + 301), body, { now }),
      "timestamp_too_new",
      "signed more than 300 s ahead",
    ],
    [
      "an old delivery under a tolerance of 60 s",
      () => verifyWebhook(secret, headersFor(seconds - 61), body, { now, toleranceSeconds: 60 }),
      "timestamp_too_old",
      "signed more than 60 s ago",
    ],
    [
      "a forged signature",
      () => verifyWebhook(secret, headersFor(), `${body} `, { now }),
      "signature_invalid",
      "no v1 signature matches this secret",
    ],
    [
      "a secret that is not base64",
      () => verifyWebhook("whsec_%%%%", headersFor(), body, { now }),
      "secret_invalid",
      "the secret is not whsec_ and base64",
    ],
    [
      "a body that is not a payload",
      () => verifyWebhook(secret, headersFor(seconds, "{}"), "{}", { now }),
      "payload_invalid",
      "the body is not a wsafe payload ({ type, timestamp, data } JSON)",
    ],
  ])("says why it refuses %s", async (_what, verify, code, message) => {
    expect(await refusal(verify())).toEqual({ code, message });
  });

  it("skips a v1 label without a signature and still finds the good one", async () => {
    const good = headersFor()["webhook-signature"];
    const headers = { ...headersFor(), "webhook-signature": `v1 ${good}` };
    expect(await verifyWebhook(secret, headers, body, { now })).toEqual(JSON.parse(body));
    const bare = { ...headersFor(), "webhook-signature": "v1" };
    expect((await refusal(verifyWebhook(secret, bare, body, { now }))).code).toBe("signature_invalid");
  });

  it("reads a repeated signature header, given as a list, as Node would join it", async () => {
    const good = headersFor()["webhook-signature"];
    const other = sign("evt_1", seconds, body, randomBytes(32));
    for (const list of [
      [other, good],
      [good, other],
    ]) {
      const headers = { ...headersFor(), "webhook-signature": list };
      expect(await verifyWebhook(secret, headers, body, { now })).toEqual(JSON.parse(body));
    }
  });

  it("takes a header value that is not text for a missing header", async () => {
    const headers = { ...headersFor(), "webhook-timestamp": seconds } as never;
    expect((await refusal(verifyWebhook(secret, headers, body, { now }))).code).toBe("headers_missing");
  });

  it("refuses a secret that is not text, even one whose text reads as base64, so no forged delivery verifies", async () => {
    for (const notText of [null, true, 1234]) {
      // The key atob would make of the value's text: public, so anyone could sign with it.
      const guessable = Buffer.from(String(notText), "base64");
      const forged = {
        "webhook-id": "evt_1",
        "webhook-timestamp": String(seconds),
        "webhook-signature": sign("evt_1", seconds, body, guessable),
      };
      expect(
        await refusal(verifyWebhook(notText as unknown as string, forged, body, { now })),
        String(notText),
      ).toEqual({ code: "secret_invalid", message: "the secret is not whsec_ and base64" });
    }
  });

  it("refuses a secret left undefined, as an unset environment variable gives, rather than crashing", async () => {
    const unset = undefined as unknown as string;
    expect((await refusal(verifyWebhook(unset, headersFor(), body, { now }))).code).toBe("secret_invalid");
  });

  it.each([
    ["JSON without timestamp", JSON.stringify({ type: "t", data: {} })],
    ["JSON whose timestamp is a number", JSON.stringify({ type: "t", timestamp: 1795428000, data: {} })],
  ])("refuses a well-signed body that is %s", async (_what, text) => {
    const verify = verifyWebhook(secret, headersFor(seconds, text), text, { now });
    expect((await refusal(verify)).code).toBe("payload_invalid");
  });

  it("refuses well-signed JSON holding bytes that are not UTF-8, rather than replacing them", async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"type":"t","timestamp":"2026-11-23T10:00:00Z","data":"'),
      Buffer.from([0xff]),
      Buffer.from('"}'),
    ]);
    const verify = verifyWebhook(secret, headersFor(seconds, bytes), bytes, { now });
    expect((await refusal(verify)).code).toBe("payload_invalid");
  });

  it.each([
    ["no crypto at all", undefined],
    ["crypto without subtle", {}],
  ])("says it needs WebCrypto where the runtime has %s", async (_what, crypto) => {
    vi.stubGlobal("crypto", crypto);
    await expect(verifyWebhook(secret, headersFor(), body, { now })).rejects.toThrow(
      new TypeError("@wsafe/client/webhooks needs WebCrypto (globalThis.crypto.subtle)"),
    );
  });
});
