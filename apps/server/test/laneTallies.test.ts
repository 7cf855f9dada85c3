// The bytes `/metrics` counts for the API lane's answers are the bytes a client receives:
// status line, headers and body, to the byte, for answers written at once and for
// answers HTTP/1.1-pipelined behind another (which reach the connection only once the
// one before them is sent). Read from a raw TLS connection, not through a client that
// could hide a header or a pipelined answer.
import { connect } from "node:tls";
import { fixtureTokens, samplesOf, scrapeExposition, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureServer, startFixtureServer } from "./support/startFixtureServer.js";

const method = 'method="resources.list"';

/** The lane's tallies of resources.list: answers and bytes. */
async function tallies(metricsUrl: string): Promise<{ answers: number; bytes: number }> {
  const samples = await scrapeExposition(metricsUrl);
  const sum = (name: string) =>
    Object.entries(samplesOf(samples, name))
      .filter(([labels]) => labels.includes(method))
      .reduce((total, [, value]) => total + value, 0);
  return { answers: sum("wsafe_requests_total"), bytes: sum("wsafe_response_bytes_total") };
}

/** Sends `count` GET requests in one write and reads every byte until the server closes. */
function pipelined(url: string, count: number): Promise<Buffer> {
  const { hostname, port } = new URL(url);
  const query = encodeURIComponent(JSON.stringify({ token: fixtureTokens.read }));
  const requests = Array.from(
    { length: count },
    (_, i) =>
      `GET /v1/resources.list?${query} HTTP/1.1\r\nHost: ${hostname}\r\n${i === count - 1 ? "Connection: close\r\n" : ""}\r\n`,
  ).join("");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: hostname, port: Number(port), rejectUnauthorized: false }, () =>
      socket.write(requests),
    );
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks)));
    socket.on("error", reject);
  });
}

describe("the API lane's tallies", () => {
  let t: FixtureServer;
  beforeAll(async () => {
    t = await startFixtureServer(testStores[0].create, { metricsPort: 0 });
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  });

  it("count every byte a client receives, answers pipelined behind another included", async () => {
    const before = await tallies(t.server.metricsUrl!);
    const received = await pipelined(t.url, 3);
    const answers = received.toString("latin1").match(/HTTP\/1\.1 200 OK\r\n/g) ?? [];
    expect(answers).toHaveLength(3);
    const after = await tallies(t.server.metricsUrl!);
    expect(after.answers - before.answers).toBe(3);
    expect(after.bytes - before.bytes).toBe(received.length);
  });
});
