import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyWebhook } from "./verifyWebhook.js";
import { WsafeWebhookError } from "./WsafeWebhookError.js";

const key = randomBytes(32);
const secret = `whsec_${key.toString("base64")}`;
const now = Date.UTC(2026, 10, 23, 10, 0, 0);
const seconds = now / 1000;
const payload = {
  type: "schedule.status_changed",
  timestamp: "2026-11-23T09:59:58.000Z",
  data: { id: "evt_1" },
};
const body = JSON.stringify(payload);

/** Signs as the spec says, with node:crypto: an implementation independent of the one under test. */
const sign = (id: string, at: number, text: string, with_ = key) =>
  `v1,${createHmac("sha256", with_).update(`${id}.${at}.${text}`).digest("base64")}`;
const headersFor = (id = "evt_1", at = seconds, text = body) => ({
  "webhook-id": id,
  "webhook-timestamp": String(at),
  "webhook-signature": sign(id, at, text),
});

/** The code of the WsafeWebhookError a verification threw. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WsafeWebhookError);
  expect((error as Error).name).toBe("WsafeWebhookError");
  return (error as WsafeWebhookError).code;
}

describe(verifyWebhook, () => {
  it("returns the payload of a delivery signed with the secret", async () => {
    expect(await verifyWebhook(secret, headersFor(), body, { now })).toEqual(payload);
  });

  it("takes the body as a string, a Uint8Array, a Buffer or an ArrayBuffer", async () => {
    const bytes = new TextEncoder().encode(body);
    for (const raw of [body, bytes, Buffer.from(body), bytes.buffer]) {
      expect(await verifyWebhook(secret, headersFor(), raw, { now })).toEqual(payload);
    }
  });

  it("signs over the exact bytes: non-ASCII text verifies, a re-serialised body does not", async () => {
    const text = JSON.stringify({
      type: "t.x",
      timestamp: "2026-11-23T10:00:00Z",
      data: { name: "Zoë ✓ 🦺" },
    });
    expect(await verifyWebhook(secret, headersFor("evt_2", seconds, text), text, { now })).toMatchObject({
      data: { name: "Zoë ✓ 🦺" },
    });
    const pretty = JSON.stringify(JSON.parse(text), null, 2);
    expect(await refusal(verifyWebhook(secret, headersFor("evt_2", seconds, text), pretty, { now }))).toBe(
      "signature_invalid",
    );
  });

  it("takes a Headers object, and a record with any case or an array value", async () => {
    const plain = headersFor();
    expect(await verifyWebhook(secret, new Headers(plain), body, { now })).toEqual(payload);
    const shouting = {
      "Webhook-Id": plain["webhook-id"],
      "WEBHOOK-TIMESTAMP": plain["webhook-timestamp"],
      "Webhook-Signature": [plain["webhook-signature"]],
    };
    expect(await verifyWebhook(secret, shouting, body, { now })).toEqual(payload);
  });

  it("accepts a secret without its whsec_ prefix, as the spec's libraries do", async () => {
    expect(await verifyWebhook(key.toString("base64"), headersFor(), body, { now })).toEqual(payload);
  });

  it("finds its signature among several, whatever their order", async () => {
    const other = randomBytes(32);
    const mine = sign("evt_1", seconds, body);
    const theirs = sign("evt_1", seconds, body, other);
    for (const list of [
      `${theirs} ${mine}`,
      `${mine} ${theirs}`,
      `v1a,aGVsbG8= ${mine}`,
      `v2,xyz ${theirs} ${mine}`,
    ]) {
      const headers = { ...headersFor(), "webhook-signature": list };
      expect(await verifyWebhook(secret, headers, body, { now })).toEqual(payload);
    }
  });

  it.each([
    ["webhook-id", "headers_missing"],
    ["webhook-timestamp", "headers_missing"],
    ["webhook-signature", "headers_missing"],
  ])("refuses a delivery without %s", async (name, code) => {
    const headers: Record<string, string> = headersFor();
    delete headers[name];
    expect(await refusal(verifyWebhook(secret, headers, body, { now }))).toBe(code);
    expect(await refusal(verifyWebhook(secret, { ...headersFor(), [name]: "" }, body, { now }))).toBe(code);
  });

  it.each(["abc", "1795428000.5", "-1795428000", "1e9", " 1795428000", "0x6b0a2a20"])(
    "refuses the timestamp %j, which is not integer seconds",
    async (timestamp) => {
      const headers = { ...headersFor(), "webhook-timestamp": timestamp };
      expect(await refusal(verifyWebhook(secret, headers, body, { now }))).toBe("timestamp_invalid");
    },
  );

  it("refuses a delivery signed more than 5 minutes from now, either way, and keeps the edges", async () => {
    expect(await refusal(verifyWebhook(secret, headersFor("e", seconds - 301), body, { now }))).toBe(
      "timestamp_too_old",
    );
    expect(await refusal(verifyWebhook(secret, headersFor("e", seconds + 301), body, { now }))).toBe(
      "timestamp_too_new",
    );
    for (const at of [seconds - 300, seconds + 300]) {
      expect(await verifyWebhook(secret, headersFor("e", at), body, { now })).toEqual(payload);
    }
    // The tolerance is an option; `now` defaults to the clock.
    expect(
      await refusal(
        verifyWebhook(secret, headersFor("e", seconds - 61), body, { now, toleranceSeconds: 60 }),
      ),
    ).toBe("timestamp_too_old");
    expect(await refusal(verifyWebhook(secret, headersFor(), body))).toBe("timestamp_too_old");
    const fresh = Math.floor(Date.now() / 1000);
    expect(await verifyWebhook(secret, headersFor("e", fresh), body)).toEqual(payload);
  });

  it.each([
    ["a tampered body", { ...headersFor() }, body.replace("evt_1", "evt_2")],
    ["a tampered id", { ...headersFor(), "webhook-id": "evt_2" }, body],
    ["a tampered timestamp", { ...headersFor(), "webhook-timestamp": String(seconds - 1) }, body],
    [
      "another secret's signature",
      { ...headersFor(), "webhook-signature": sign("evt_1", seconds, body, randomBytes(32)) },
      body,
    ],
    [
      "a v1a (asymmetric) label on a good signature",
      { ...headersFor(), "webhook-signature": sign("evt_1", seconds, body).replace("v1,", "v1a,") },
      body,
    ],
    [
      "a signature without its label",
      { ...headersFor(), "webhook-signature": sign("evt_1", seconds, body).slice(3) },
      body,
    ],
    [
      "a truncated signature",
      { ...headersFor(), "webhook-signature": sign("evt_1", seconds, body).slice(0, -2) },
      body,
    ],
  ])("refuses %s", async (_what, headers, text) => {
    expect(await refusal(verifyWebhook(secret, headers, text, { now }))).toBe("signature_invalid");
  });

  it.each([
    ["not JSON", "thanks"],
    ["a JSON array", "[1,2]"],
    ["JSON without type", JSON.stringify({ timestamp: "t", data: {} })],
    ["JSON without data", JSON.stringify({ type: "t", timestamp: "t" })],
    ["an empty body", ""],
  ])("refuses a well-signed body that is %s", async (_what, text) => {
    expect(await refusal(verifyWebhook(secret, headersFor("e", seconds, text), text, { now }))).toBe(
      "payload_invalid",
    );
  });

  it("refuses a well-signed body that is not UTF-8", async () => {
    const bytes = Uint8Array.from([0x7b, 0xff, 0x7d]);
    const signature = `v1,${createHmac("sha256", key)
      .update(Buffer.concat([Buffer.from(`e.${seconds}.`), bytes]))
      .digest("base64")}`;
    const headers = {
      "webhook-id": "e",
      "webhook-timestamp": String(seconds),
      "webhook-signature": signature,
    };
    expect(await refusal(verifyWebhook(secret, headers, bytes, { now }))).toBe("payload_invalid");
  });

  it.each(["", "whsec_", "whsec_not base64!", "whsec_%%%%"])(
    "refuses to verify with the secret %j, without quoting it",
    async (bad) => {
      const error = await verifyWebhook(bad, headersFor(), body, { now }).catch((caught: Error) => caught);
      expect(error).toMatchObject({ code: "secret_invalid" });
      if (bad.length > 6) expect((error as Error).message).not.toContain(bad.slice(6));
    },
  );
});
