import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { requestLimits } from "@wsafe/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PipelineServices } from "../pipeline/RequestState.js";
import { createApiLane } from "./createApiLane.js";
import { createResponder } from "./createResponder.js";

// The requests below fail at `token_present`, before any check asks the store or the
// limiter; one with a token meets this empty store and fails as something unforeseen.
const services = { store: {}, rateLimiter: {} } as unknown as PipelineServices;

describe("the API lane takes the common calls and leaves the rest to Fastify", () => {
  let server: Server;
  let base: string;
  let draining = false;
  beforeAll(async () => {
    const lane = createApiLane({
      services,
      responder: createResponder({ headerPrefix: "SVC", corsOrigin: "*", hsts: "max-age=60" }),
      isDraining: () => draining,
      log: { error: () => {}, info: () => {} } as never,
      logRequests: false,
      requestTallies: undefined,
    });
    server = createServer((request, response) => {
      if (!lane(request, response)) response.end("left to Fastify");
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  async function who(path: string, init: RequestInit & { duplex?: "half" } = {}) {
    const response = await fetch(`${base}${path}`, init);
    const text = await response.text();
    return text === "left to Fastify" ? "fastify" : JSON.parse(text).error;
  }

  it("takes a POST with a declared body and a GET without one, on a method's path", async () => {
    expect(await who("/v1/resources.list", { method: "POST", body: "{}" })).toBe("token_missing");
    expect(await who("/v1/users.info?%7B%7D")).toBe("token_missing");
  });

  it("answers something unforeseen with server_error, naming only the request id", async () => {
    const response = await fetch(`${base}/v1/resources.list`, { method: "POST", body: '{"token":"t"}' });
    const id = response.headers.get("svc-request-id");
    expect(await response.json()).toEqual({
      ok: false,
      error: "server_error",
      description: `internal error; quote request id ${id}`,
    });
  });

  it("answers with the responder's headers, HSTS first, and the exact length", async () => {
    const response = await fetch(`${base}/v1/users.info`, { method: "POST", body: "{}" });
    const text = await response.text();
    expect(response.headers.get("strict-transport-security")).toBe("max-age=60");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    expect(response.headers.get("svc-request-id")).toMatch(/^[A-Za-z0-9]{24}$/);
  });

  it("leaves chunked or empty bodies, other HTTP methods, other paths, and a stopping server", async () => {
    const chunked = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("{}"));
        controller.close();
      },
    });
    expect(await who("/v1/resources.list", { method: "POST", body: chunked, duplex: "half" })).toBe(
      "fastify",
    );
    expect(await who("/v1/resources.list", { method: "POST", body: "" })).toBe("fastify");
    expect(await who("/v1/resources.list", { method: "PUT", body: "{}" })).toBe("fastify");
    expect(await who("/v1/resources.list", { method: "OPTIONS" })).toBe("fastify");
    expect(await who("/v1/no.such", { method: "POST", body: "{}" })).toBe("fastify");
    expect(await who("/healthz")).toBe("fastify");
    // The tRPC router's paths, even one that names a method, are Fastify's (tRPC's adapter).
    expect(await who("/trpc/resources.list?input=%7B%7D")).toBe("fastify");
    expect(await who("/trpc/resources.list", { method: "POST", body: "{}" })).toBe("fastify");
    draining = true;
    expect(await who("/v1/resources.list", { method: "POST", body: "{}" })).toBe("fastify");
    draining = false;
  });

  it("leaves a body declared over the limit to Fastify, which refuses it without reading it", async () => {
    const response = await fetch(`${base}/v1/resources.list`, {
      method: "POST",
      body: "x".repeat(requestLimits.bodyBytes + 1),
    });
    expect(await response.text()).toBe("left to Fastify");
  });
});
