import { afterEach, describe, expect, it } from "vitest";
import { type SendOptions, sendDelivery } from "../src/webhooks/sendDelivery.js";
import { closeReceivers, localReceiver, sampleDelivery } from "./support/localReceiver.js";

// Every receiver listens on loopback, and every URL names loopback: no packet leaves the machine.
const local: SendOptions = { allowPrivate: true, allowHttp: true };
afterEach(closeReceivers);

describe("sendDelivery's address checks", () => {
  const strict: SendOptions = { allowPrivate: false, allowHttp: true };

  it.each([
    ["127.0.0.1", "refused: 127.0.0.1 is a loopback address"],
    ["::1", "refused: ::1 is a loopback address"],
  ])("refuses the literal %s without connecting", async (host, error) => {
    const target = await localReceiver((_req, res) => res.writeHead(200).end(), { host });
    expect(await sendDelivery(sampleDelivery(target.url), strict)).toEqual({
      ok: false,
      error,
      durationMs: expect.any(Number),
    });
    expect(target.connections()).toBe(0);
  });

  it("refuses localhost at connect, after resolving it, without connecting", async () => {
    const target = await localReceiver((_req, res) => res.writeHead(200).end());
    const result = await sendDelivery(sampleDelivery(`http://localhost:${target.port}/hook`), strict);
    expect(result).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^refused: the host name resolves to a loopback address$/),
    });
    expect(target.connections()).toBe(0);
    // The same name with private addresses allowed reaches the receiver: the refusal was the check's.
    expect(await sendDelivery(sampleDelivery(`http://localhost:${target.port}/hook`), local)).toMatchObject({
      ok: true,
    });
  });

  it("judges the address the name resolves to when connecting, whatever it resolved to before", async () => {
    // DNS rebinding: the endpoint's name was public when created; now it answers loopback.
    const target = await localReceiver((_req, res) => res.writeHead(200).end());
    const lookups: string[] = [];
    const rebound: SendOptions["lookup"] = (hostname, _options, callback) => {
      lookups.push(hostname);
      callback(null, [{ address: "127.0.0.1", family: 4 }]);
    };
    const url = `http://hooks.rebind.test:${target.port}/hook`;
    expect(await sendDelivery(sampleDelivery(url), { ...strict, lookup: rebound })).toMatchObject({
      ok: false,
      error: "refused: the host name resolves to a loopback address",
    });
    expect(lookups).toEqual(["hooks.rebind.test"]);
    expect(target.connections()).toBe(0);
    // The connection does use what that lookup answers: allowed, it reaches the local receiver.
    expect(await sendDelivery(sampleDelivery(url), { ...local, lookup: rebound })).toMatchObject({
      ok: true,
    });
    expect(target.connections()).toBe(1);
  });

  it("refuses a name when any address it resolves to is forbidden, the address for the log only", async () => {
    const mixed: SendOptions["lookup"] = (_hostname, _options, callback) =>
      callback(null, [
        { address: "93.184.215.14", family: 4 },
        { address: "10.0.0.7", family: 4 },
      ]);
    expect(
      await sendDelivery(sampleDelivery("https://mixed.rebind.test/hook"), { ...strict, lookup: mixed }),
    ).toEqual({
      ok: false,
      error: "refused: the host name resolves to a private address",
      durationMs: expect.any(Number),
      refusedAddress: "10.0.0.7",
    });
  });

  it("refuses http unless allowed, and credentials in the URL", async () => {
    const target = await localReceiver((_req, res) => res.writeHead(200).end());
    expect(
      await sendDelivery(sampleDelivery(target.url), { allowPrivate: true, allowHttp: false }),
    ).toMatchObject({
      ok: false,
      error: "refused: http is not allowed (https only)",
    });
    const withCredentials = target.url.replace("http://", "http://user:pw@");
    expect(await sendDelivery(sampleDelivery(withCredentials), local)).toMatchObject({
      ok: false,
      error: "refused: credentials in the URL",
    });
    expect(target.connections()).toBe(0);
  });
});
