import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { deliveryBody } from "./deliveryBody.js";
import { signDelivery } from "./signDelivery.js";
import { WebhookSecret } from "./WebhookSecret.js";

const body = deliveryBody({ type: "schedule.status_changed", occurredAt: Date.now(), data: { id: "evt_1" } });

describe(signDelivery, () => {
  it("writes the three headers, which the standardwebhooks package verifies", () => {
    const secret = WebhookSecret.generate();
    const at = new Date();
    const headers = signDelivery({ id: "evt_1", body, secrets: [secret], at });
    expect(headers).toEqual({
      "webhook-id": "evt_1",
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    });
    expect(new Webhook(secret.reveal()).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("is HMAC-SHA256 over id.timestamp.body with the secret's decoded bytes, base64", () => {
    // Worked out here with node:crypto, independently of the package that signs.
    const key = Buffer.alloc(32, 0x2a);
    const secret = WebhookSecret.from(`whsec_${key.toString("base64")}`);
    const at = new Date(1795428000500);
    const expected = createHmac("sha256", key).update(`evt_9.1795428000.${body}`).digest("base64");
    expect(signDelivery({ id: "evt_9", body, secrets: [secret], at })["webhook-signature"]).toBe(
      `v1,${expected}`,
    );
  });

  it("signs with every secret in force, side by side, so the old and the new one both verify", () => {
    const previous = WebhookSecret.generate();
    const current = WebhookSecret.generate();
    const headers = signDelivery({ id: "evt_2", body, secrets: [current, previous], at: new Date() });
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(headers["webhook-signature"]).toMatch(/^v1,\S+ v1,\S+$/);
    expect(new Webhook(current.reveal()).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous.reveal()).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(WebhookSecret.generate().reveal()).verify(body, headers)).toThrow(
      "No matching signature found",
    );
  });

  it("signs each attempt anew: the timestamp moves, the id stays", () => {
    const secret = WebhookSecret.generate();
    const first = signDelivery({ id: "evt_3", body, secrets: [secret], at: new Date(Date.now() - 5000) });
    const retry = signDelivery({ id: "evt_3", body, secrets: [secret], at: new Date() });
    expect(retry["webhook-id"]).toBe(first["webhook-id"]);
    expect(Number(retry["webhook-timestamp"]) - Number(first["webhook-timestamp"])).toBeGreaterThanOrEqual(4);
    expect(retry["webhook-signature"]).not.toBe(first["webhook-signature"]);
  });

  it("refuses to sign without a secret, or with an id holding the delimiter", () => {
    expect(() => signDelivery({ id: "evt_4", body, secrets: [], at: new Date() })).toThrow(RangeError);
    expect(() =>
      signDelivery({ id: "evt.4", body, secrets: [WebhookSecret.generate()], at: new Date() }),
    ).toThrow(RangeError);
  });
});
