import type { IncomingHttpHeaders } from "node:http";
import { request } from "node:https";

/** A response whose body the client has stopped reading after its first bytes. */
export interface PausedResponse {
  headers: IncomingHttpHeaders;
  /** Reads the rest: `complete` when the body ended normally, `broken` when the connection was cut. */
  resume(): Promise<{ outcome: "complete" | "broken"; text: string }>;
  /** Goes away mid-body, as a client that closes its connection. */
  destroy(): void;
}

/**
 * POSTs to a test server over HTTPS, reads the first bytes of the answer, then stops
 * reading, so the server's socket fills up and it has to wait for `drain`.
 *
 * @param baseUrl - the server's URL
 * @param path - e.g. `/v1/equipments.list`
 * @param data - the request data
 */
export function openPausedRequest(baseUrl: string, path: string, data: unknown): Promise<PausedResponse> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(data);
    const outgoing = request(
      `${baseUrl}${path}`,
      { method: "POST", rejectUnauthorized: false, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.once("data", (chunk: Buffer) => {
          chunks.push(chunk);
          response.pause();
          const ended = new Promise<{ outcome: "complete" | "broken"; text: string }>((done) => {
            response.on("data", (more: Buffer) => chunks.push(more));
            // `error` (aborted) comes before `close` when the server cuts the body short.
            response.on("error", () => {});
            response.on("close", () =>
              done({
                outcome: response.complete ? "complete" : "broken",
                text: Buffer.concat(chunks).toString("utf8"),
              }),
            );
          });
          resolve({
            headers: response.headers,
            resume() {
              response.resume();
              return ended;
            },
            destroy() {
              outgoing.destroy();
            },
          });
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
