import { testCertificate } from "@wsafe/test-support";
import { generate } from "selfsigned";
import { afterEach, describe, expect, it } from "vitest";
import { type SendOptions, sendDelivery } from "../src/webhooks/sendDelivery.js";
import { closeReceivers, localReceiver, sampleDelivery } from "./support/localReceiver.js";

// Every receiver listens on loopback, and every URL names loopback: no packet leaves the machine.
const local: SendOptions = { allowPrivate: true, allowHttp: true };
afterEach(closeReceivers);

describe("sendDelivery over TLS", () => {
  it("delivers to a receiver whose certificate it trusts", async () => {
    const tls = await testCertificate();
    const target = await localReceiver((_req, res) => res.writeHead(204).end(), { tls });
    expect(await sendDelivery(sampleDelivery(target.url), { ...local, ca: tls.cert })).toMatchObject({
      ok: true,
      status: 204,
    });
  });

  it("refuses a self-signed certificate it was not told to trust", async () => {
    const target = await localReceiver((_req, res) => res.writeHead(200).end(), {
      tls: await testCertificate(),
    });
    expect(await sendDelivery(sampleDelivery(target.url), local)).toMatchObject({
      ok: false,
      error: "TLS: self-signed certificate",
    });
  });

  it("refuses a certificate that does not name the host, and one that has expired", async () => {
    const tls = await testCertificate(); // for localhost and 127.0.0.1, not ::1
    const wrongName = await localReceiver((_req, res) => res.writeHead(200).end(), { tls, host: "::1" });
    expect(await sendDelivery(sampleDelivery(wrongName.url), { ...local, ca: tls.cert })).toMatchObject({
      ok: false,
      error: "TLS: certificate does not match the host name",
    });

    const year = 365 * 24 * 3600 * 1000;
    const expired = await generate([{ name: "commonName", value: "localhost" }], {
      keyType: "ec",
      algorithm: "sha256",
      notBeforeDate: new Date(Date.now() - 2 * year),
      notAfterDate: new Date(Date.now() - year),
      extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
    });
    const stale = await localReceiver((_req, res) => res.writeHead(200).end(), {
      tls: { cert: expired.cert, key: expired.private },
    });
    expect(await sendDelivery(sampleDelivery(stale.url), { ...local, ca: expired.cert })).toMatchObject({
      ok: false,
      error: "TLS: certificate has expired",
    });
    expect(stale.received).toHaveLength(0);
  });

  it("checks the resolved address over https too: localhost is refused at connect, then reached when allowed", async () => {
    const tls = await testCertificate();
    const target = await localReceiver((_req, res) => res.writeHead(200).end(), { tls });
    const url = `https://localhost:${target.port}/hook`;
    expect(
      await sendDelivery(sampleDelivery(url), { allowPrivate: false, allowHttp: false, ca: tls.cert }),
    ).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^refused: the host name resolves to a loopback address$/),
    });
    expect(target.connections()).toBe(0);
    expect(
      await sendDelivery(sampleDelivery(url), { ...local, allowHttp: false, ca: tls.cert }),
    ).toMatchObject({
      ok: true,
      status: 200,
    });
  });
});
