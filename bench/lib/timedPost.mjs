import http from "node:http";
import https from "node:https";

const agents = {
  // Keep-alive, so a timed request measures the answer, not a new TLS handshake.
  // The bench talks only to servers it started itself, on 127.0.0.1, with a
  // certificate it made itself: there is nothing to verify.
  https: new https.Agent({ keepAlive: true, maxSockets: 1, rejectUnauthorized: false }),
  http: new http.Agent({ keepAlive: true, maxSockets: 1 }),
};

/**
 * POSTs a JSON body and times the answer to its last byte, streaming it so that the
 * bench never holds a large answer unless asked to keep it.
 *
 * @param {string} url
 * @param {unknown} data - sent as JSON
 * @param {{ keepBody?: boolean }} [options]
 * @returns {Promise<{ ms: number, firstByteMs: number, bytes: number, status: number, headers: import("node:http").IncomingHttpHeaders, body?: Buffer }>}
 */
export function timedPost(url, data, { keepBody = false } = {}) {
  const target = new URL(url);
  const secure = target.protocol === "https:";
  const payload = Buffer.from(JSON.stringify(data));
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const request = (secure ? https : http).request(
      target,
      {
        method: "POST",
        agent: secure ? agents.https : agents.http,
        headers: { "content-type": "application/json", "content-length": payload.length },
      },
      (response) => {
        const firstByteMs = performance.now() - start;
        let bytes = 0;
        /** @type {Buffer[]} */
        const chunks = [];
        response.on("data", (/** @type {Buffer} */ chunk) => {
          bytes += chunk.length;
          if (keepBody) chunks.push(chunk);
        });
        response.on("end", () =>
          resolve({
            ms: performance.now() - start,
            firstByteMs,
            bytes,
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: keepBody ? Buffer.concat(chunks) : undefined,
          }),
        );
        response.on("error", reject);
      },
    );
    request.setTimeout(300_000, () => request.destroy(new Error(`timeout: ${url}`)));
    request.on("error", reject);
    request.end(payload);
  });
}

/** Drops the kept-alive sockets, so that a closing server is not held open by the bench. */
export function closeIdleSockets() {
  agents.https.destroy();
  agents.http.destroy();
  agents.https = new https.Agent({ keepAlive: true, maxSockets: 1, rejectUnauthorized: false });
  agents.http = new http.Agent({ keepAlive: true, maxSockets: 1 });
}
