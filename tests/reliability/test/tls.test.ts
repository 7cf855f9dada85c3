import net from "node:net";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testCertificate } from "../src/certificate.js";
import { recordFigure } from "../src/figures.js";
import { createFixture } from "../src/fixture.js";
import { type FixtureServer, startFixtureServer } from "../src/fixtureServer.js";
import type { ServerProcess } from "../src/serverProcess.js";
import { handshake } from "../src/tlsProbe.js";

// decisions §2: HTTPS only, TLS 1.2 minimum; a TLS 1.0/1.1 handshake is refused.
describe("TLS versions", () => {
  let running: FixtureServer;
  let server: ServerProcess;
  let reference: tls.Server;
  let referencePort: number;

  beforeAll(async () => {
    const certificate = await testCertificate();
    running = await startFixtureServer("tls", createFixture(), { tls: certificate });
    server = running.server;
    // A server that accepts anything from TLS 1.0 up: proves this client really offers
    // the old versions, so a refusal below is the wsafe server's doing, not ours.
    reference = tls.createServer(
      { ...certificate, minVersion: "TLSv1", ciphers: "DEFAULT@SECLEVEL=0" },
      (socket) => socket.end(),
    );
    await new Promise<void>((resolve) => reference.listen(0, "127.0.0.1", resolve));
    referencePort = (reference.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    reference?.close();
    await running?.stop();
  });

  it.each(["TLSv1", "TLSv1.1"] as const)(
    "this client can negotiate %s with a permissive server",
    async (version) => {
      expect(await handshake(referencePort, version)).toEqual({ ok: true, protocol: version });
    },
  );

  it.each(["TLSv1", "TLSv1.1"] as const)("refuses a %s handshake", async (version) => {
    const result = await handshake(server.port, version);
    // The server must answer with a protocol_version alert: a reset or a refused
    // connection would say nothing about the TLS settings.
    expect(result).toMatchObject({ ok: false, code: "ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION" });
    console.log(`tls: ${version} refused with a protocol_version alert`);
    recordFigure(`tls: ${version}`, "refused (protocol_version alert)");
  });

  it.each(["TLSv1.2", "TLSv1.3"] as const)("accepts %s", async (version) => {
    expect(await handshake(server.port, version)).toEqual({ ok: true, protocol: version });
  });

  it("does not speak plain HTTP on its HTTPS port", async () => {
    const reply = await new Promise<string>((resolve) => {
      const socket = net.connect(server.port, "127.0.0.1", () => {
        socket.write("POST /v1/resources.list HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}");
      });
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString("latin1");
      });
      socket.on("close", () => resolve(text));
      socket.on("error", () => resolve(text));
      socket.setTimeout(5_000, () => socket.destroy());
    });
    // No JSON answer, no request served: at most a TLS alert record (content type 21).
    expect(reply).not.toContain("HTTP/1.1 200");
    expect(reply).not.toContain('"ok"');
  });
});
