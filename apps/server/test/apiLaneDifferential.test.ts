// The API lane (a POST with a declared length) and the Fastify route (the same POST with
// a chunked body, which the lane leaves to Fastify) must answer alike: status, every
// header but the per-request ones, and the body to the byte.
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoTokens } from "../src/demo/demoTokens.js";
import type { RunningServer } from "../src/server/ServerOptions.js";
import { startServer } from "../src/server/startServer.js";
import { type ApiAnswer, callApi } from "./support/callApi.js";

/** Headers that differ from one request to the next by nature. */
const perRequest = new Set(["svc-request-id", "svc-response-time", "date"]);

function comparable(answer: ApiAnswer) {
  const headers = Object.entries(answer.headers)
    .filter(([name]) => !perRequest.has(name))
    .sort(([a], [b]) => a.localeCompare(b));
  return { status: answer.status, headers, text: answer.text };
}

/** The same request through each lane: a body of declared length, then the same bytes chunked. */
async function bothLanes(url: string, method: string, body: string) {
  const lane = await callApi(url, `/v1/${method}`, { body });
  const fastify = await callApi(url, `/v1/${method}`, { body: Readable.from([Buffer.from(body)]) });
  return { lane, fastify };
}

const cases: [string, string, string][] = [
  ["a whole list", "resources.list", JSON.stringify({ token: demoTokens.read })],
  ["an indented answer", "users.info", JSON.stringify({ token: demoTokens.read, pretty: true })],
  [
    "a streamed list",
    "equipments.list",
    JSON.stringify({ token: demoTokens.read, equipmentType_id: "et_harness", service_type: "all" }),
  ],
  ["an unknown token", "resources.list", JSON.stringify({ token: "no-such-token" })],
  ["no token", "resources.list", "{}"],
  ["request data that is not JSON", "resources.list", "{"],
  ["a deactivated token", "resources.list", JSON.stringify({ token: demoTokens.revoked })],
  ["an inactive account", "users.info", JSON.stringify({ token: demoTokens.inactiveAccount })],
  ["a bad parameter", "equipments.list", JSON.stringify({ token: demoTokens.read, limit: "ten" })],
  ["an indented failure", "users.info", JSON.stringify({ token: demoTokens.read, pretty: true, x: 1 })],
];

describe("the API lane and the Fastify route answer alike", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      database: "memory://",
      demo: true,
      rateLimit: { points: 100_000, durationSeconds: 60 },
      corsOrigin: "https://app.example",
      hstsMaxAge: 600,
      logger: false,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(cases)("%s", async (_name, method, body) => {
    const { lane, fastify } = await bothLanes(server.url, method, body);
    expect(comparable(lane)).toEqual(comparable(fastify));
    expect(lane.headers["svc-request-id"]).not.toBe(fastify.headers["svc-request-id"]);
  });

  it("a refusal by the rate limit, with its Retry-After", async () => {
    const limited = await startServer({
      port: 0,
      database: "memory://",
      demo: true,
      rateLimit: { points: 1, durationSeconds: 600 },
      logger: false,
    });
    try {
      const body = JSON.stringify({ token: demoTokens.read });
      await callApi(limited.url, "/v1/users.info", { body });
      const { lane, fastify } = await bothLanes(limited.url, "users.info", body);
      expect(lane.body.error).toBe("rate_limit_exceeded");
      expect(comparable(lane)).toEqual(comparable(fastify));
    } finally {
      await limited.close();
    }
  });
});
