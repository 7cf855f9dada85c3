import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhook, WsafeWebhookError } from "../src/webhooks/index.js";

const secret = `whsec_${Buffer.alloc(32, 0x5a).toString("base64")}`;
const accepted: unknown[] = [];
let server: Server;
let url: string;

// The receiver of verifyWebhook's TSDoc example, on 127.0.0.1.
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const event = await verifyWebhook(secret, req.headers, Buffer.concat(chunks));
      accepted.push({ id: req.headers["webhook-id"], ...event });
      res.writeHead(204).end();
    } catch (err) {
      if (!(err instanceof WsafeWebhookError)) throw err;
      res.writeHead(400).end(err.code);
    }
  }).listen(0, "127.0.0.1");
  await once(server, "listening");
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/wsafe`;
});
afterAll(() => new Promise((done) => server.close(done)));

/** POSTs a delivery that the standardwebhooks package signed, as wsafe's server does. */
function deliver(id: string, body: string, signWith = secret, at = new Date()) {
  const headers = {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(signWith).sign(id, at, body),
  };
  return fetch(url, { method: "POST", headers, body });
}

describe("a Node receiver built on verifyWebhook", () => {
  it("accepts a signed delivery and refuses tampered, foreign and stale ones", async () => {
    const body = JSON.stringify({
      type: "schedule.status_changed",
      timestamp: new Date().toISOString(),
      data: { n: 1 },
    });
    const ok = await deliver("evt_1", body);
    expect(ok.status).toBe(204);
    expect(accepted).toEqual([{ id: "evt_1", ...JSON.parse(body) }]);

    const foreign = await deliver("evt_2", body, `whsec_${Buffer.alloc(32, 1).toString("base64")}`);
    expect([foreign.status, await foreign.text()]).toEqual([400, "signature_invalid"]);
    const stale = await deliver("evt_3", body, secret, new Date(Date.now() - 10 * 60_000));
    expect([stale.status, await stale.text()]).toEqual([400, "timestamp_too_old"]);
    const unsigned = await fetch(url, { method: "POST", body });
    expect([unsigned.status, await unsigned.text()]).toEqual([400, "headers_missing"]);
    expect(accepted).toHaveLength(1);
  });
});
