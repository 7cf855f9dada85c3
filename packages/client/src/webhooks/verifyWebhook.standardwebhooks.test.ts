import * as fc from "fast-check";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { verifyWebhook } from "./verifyWebhook.js";

// One clock for both verifiers: Date is frozen at a whole second, so the 5-minute
// edges (300 s in, 301 s out) fall the same way for both, every run.
const now = Date.UTC(2026, 10, 23, 10, 0, 0);
const seconds = now / 1000;
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
});
afterAll(() => vi.useRealTimers());

const secretArbitrary = fc
  .uint8Array({ minLength: 24, maxLength: 64 })
  .map((bytes) => `whsec_${Buffer.from(bytes).toString("base64")}`);

// What wsafe sends: the payload structure, with any JSON as data.
const bodyArbitrary = fc
  .record({
    type: fc.constantFrom("schedule.status_changed", "equipment.status_changed", "x.y"),
    timestamp: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    data: fc.jsonValue(),
  })
  .map((payload) => JSON.stringify(payload));

const tampering = fc.constantFrom(
  "none",
  "body",
  "id",
  "timestamp",
  "secret",
  "signature",
  "drop-id",
  "drop-timestamp",
  "drop-signature",
  "label-v1a",
);

const caseArbitrary = fc.record({
  secret: secretArbitrary,
  otherSecret: secretArbitrary,
  id: fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
  body: bodyArbitrary,
  // Around and exactly on both edges of the tolerance.
  offset: fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.constantFrom(-301, -300, 0, 300, 301)),
  decoys: fc.array(fc.constantFrom("other", "v1a", "v2", "garbage"), { maxLength: 3 }),
  position: fc.nat(),
  tamper: tampering,
  bodyEdit: fc.string({ minLength: 1, maxLength: 3 }),
  uppercaseNames: fc.boolean(),
});

type Case = typeof caseArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** The delivery a case describes: signed by the reference package, then tampered with. */
function build(c: Case) {
  const at = seconds + c.offset;
  const signer = new Webhook(c.secret);
  const real = signer.sign(c.id, new Date(at * 1000), c.body);
  const decoy = (kind: string) =>
    kind === "other"
      ? new Webhook(c.otherSecret).sign(c.id, new Date(at * 1000), c.body)
      : kind === "v1a"
        ? `v1a,${real.slice(3)}`
        : kind === "v2"
          ? `v2,${real.slice(3)}`
          : "v1,bm90IGEgc2lnbmF0dXJl";
  const signatures = c.decoys.map(decoy);
  const mine =
    c.tamper === "signature"
      ? `${real.slice(0, -3)}${real.at(-3) === "A" ? "B" : "A"}${real.slice(-2)}`
      : real;
  signatures.splice(
    c.position % (signatures.length + 1),
    0,
    c.tamper === "label-v1a" ? `v1a,${real.slice(3)}` : mine,
  );

  const headers: Record<string, string> = {
    "webhook-id": c.tamper === "id" ? `${c.id}x` : c.id,
    "webhook-timestamp": String(c.tamper === "timestamp" ? at + 1 : at),
    "webhook-signature": signatures.join(" "),
  };
  if (c.tamper.startsWith("drop-")) delete headers[`webhook-${c.tamper.slice(5)}`];
  const named = c.uppercaseNames
    ? Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]))
    : headers;
  const body = c.tamper === "body" ? `${c.body}${c.bodyEdit}` : c.body;
  const secret = c.tamper === "secret" ? c.otherSecret : c.secret;
  // What the spec says should happen, worked out from the case alone.
  const genuine = c.tamper === "none" || (c.tamper === "secret" && c.secret === c.otherSecret);
  const otherSignsToo = c.decoys.includes("other") && secret === c.otherSecret && c.tamper === "secret";
  return { headers: named, body, secret, valid: (genuine || otherSignsToo) && Math.abs(c.offset) <= 300 };
}

describe("verifyWebhook beside the standardwebhooks package's Webhook.verify", () => {
  it("agrees on every generated delivery: valid, tampered, re-signed, old and new", async () => {
    const seen = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async (c) => {
        const { headers, body, secret, valid } = build(c);
        let reference: unknown;
        let referenceAccepts = true;
        try {
          reference = new Webhook(secret).verify(body, headers);
        } catch {
          referenceAccepts = false;
        }
        const ours = await verifyWebhook(secret, headers, body).then(
          (payload) => ({ accepts: true, payload }),
          (error: unknown) => ({ accepts: false, payload: error }),
        );
        expect(ours.accepts).toBe(referenceAccepts);
        expect(ours.accepts).toBe(valid);
        if (ours.accepts) expect(ours.payload).toEqual(reference);
        seen[ours.accepts ? "accepted" : "refused"]++;
      }),
      { numRuns: 1000 },
    );
    // Both outcomes were exercised in number, not only one of them. A case is genuine
    // one time in ten (tamper "none") and in time about half the time: some 45-60
    // acceptances of 1 000 runs, so the bound sits well below that (50 failed a run).
    expect(seen.accepted).toBeGreaterThan(15);
    expect(seen.refused).toBeGreaterThan(300);
  });

  it("verifies what the reference package signs, with its secret or without the prefix", async () => {
    const secret = `whsec_${Buffer.alloc(32, 9).toString("base64")}`;
    const body = JSON.stringify({ type: "x.y", timestamp: "2026-11-23T10:00:00.000Z", data: null });
    const signature = new Webhook(secret).sign("evt_1", new Date(now), body);
    const headers = {
      "webhook-id": "evt_1",
      "webhook-timestamp": String(seconds),
      "webhook-signature": signature,
    };
    expect(await verifyWebhook(secret, headers, body)).toEqual(new Webhook(secret).verify(body, headers));
    expect(await verifyWebhook(secret.slice(6), headers, body)).toEqual(JSON.parse(body));
  });

  it("is stricter than the reference on a timestamp that is not plain digits", async () => {
    // The reference reads the header with parseInt, so "1795428000abc" counts as 1795428000.
    // wsafe never sends such a header; the client refuses it instead of guessing.
    const secret = `whsec_${Buffer.alloc(32, 3).toString("base64")}`;
    const body = JSON.stringify({ type: "x.y", timestamp: "2026-11-23T10:00:00.000Z", data: 1 });
    const signature = new Webhook(secret).sign("evt_1", new Date(now), body);
    const headers = {
      "webhook-id": "evt_1",
      "webhook-timestamp": `${seconds}abc`,
      "webhook-signature": signature,
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    await expect(verifyWebhook(secret, headers, body)).rejects.toMatchObject({ code: "timestamp_invalid" });
  });
});
