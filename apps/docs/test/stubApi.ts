// A stand-in /v1 service for the try-it console test that must not depend on the real
// server: it answers like the wire format (the envelope, `requestChecks` and `responseHeaders` of `@wsafe/schema`, CORS included) and
// records the request data it received.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { headerNames } from "@wsafe/schema/wire";

const names = headerNames();

/** What the stub received. */
export interface StubRequest {
  httpMethod: string;
  path: string;
  data: unknown;
}

/** A running stub. */
export interface StubApi {
  url: string;
  requests: StubRequest[];
  close(): Promise<void>;
}

/** Starts the stub on 127.0.0.1; every method answers `answer`. */
export async function startStubApi(answer: object): Promise<StubApi> {
  const requests: StubRequest[] = [];
  let sequence = 0;
  const server = createServer((request, response) => {
    const cors = {
      "access-control-allow-origin": "*",
      "access-control-expose-headers": Object.values(names).join(", "),
    };
    if (request.method === "OPTIONS") {
      response.writeHead(204, {
        ...cors,
        "access-control-allow-methods": "GET, POST, OPTIONS",
        "access-control-allow-headers": request.headers["access-control-request-headers"] ?? "content-type",
      });
      response.end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const text =
        request.method === "GET" ? decodeURIComponent(url.search.slice(1)) : Buffer.concat(chunks).toString();
      requests.push({ httpMethod: request.method ?? "", path: url.pathname, data: JSON.parse(text || "{}") });
      sequence += 1;
      response.writeHead(200, {
        ...cors,
        "content-type": "application/json; charset=utf-8",
        [names.requestId]: `StubRequest${String(sequence).padStart(12, "0")}`,
        [names.responseTime]: "3",
      });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
