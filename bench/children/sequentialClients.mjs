// Clients of a write workload's load generator, in its own process: each client is one
// keep-alive connection that sends its next request when the last is answered, each
// request a body of its own (autocannon sends one body to every connection; a write needs
// a fresh idempotency key, and an update the version its last answer gave). Answers the
// round shaped as autocannon's result.
import { Agent, request } from "node:https";

/**
 * @typedef {object} LoadClient
 * @property {() => string} next - the next request's body
 * @property {(text: string) => void} [answered] - told each 200 answer's body (an `ok: false` one too)
 */

/** @param {string} url @param {string} body @param {Agent} agent @returns {Promise<{ status: number, text: string }>} */
function post(url, body, agent) {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        agent,
        rejectUnauthorized: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * Runs the clients for `seconds` against `url` (127.0.0.1 only) and answers the round:
 * requests a second, latency percentiles (ms), transport errors, non-200 answers, and
 * answers that are not `{"ok":true` (the first one's start kept).
 *
 * @param {{ url: string, seconds: number, clients: LoadClient[] }} options
 */
export async function runSequentialClients({ url, seconds, clients }) {
  if (!/^https:\/\/127\.0\.0\.1:/.test(url))
    throw new Error(`refusing to load anything but 127.0.0.1: ${url}`);
  /** @type {number[]} */
  const latencies = [];
  const tally = { errors: 0, non2xx: 0, notOk: 0 };
  /** @type {string | undefined} */
  let firstNotOk;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      while (performance.now() < deadline) {
        const body = client.next();
        const sent = performance.now();
        try {
          const { status, text } = await post(url, body, agent);
          latencies.push(performance.now() - sent);
          if (status !== 200) tally.non2xx++;
          else {
            if (!text.startsWith('{"ok":true')) {
              tally.notOk++;
              firstNotOk ??= text.slice(0, 300);
            }
            client.answered?.(text);
          }
        } catch {
          tally.errors++;
        }
      }
      agent.destroy();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (/** @type {number} */ p) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const round = (/** @type {number} */ ms) => Math.round(ms * 1000) / 1000;
  return {
    requests: { total: latencies.length, average: latencies.length / elapsed },
    latency: {
      min: round(latencies[0] ?? 0),
      p50: round(at(50)),
      p90: round(at(90)),
      p99: round(at(99)),
      max: round(latencies.at(-1) ?? 0),
    },
    ...tally,
    timeouts: 0,
    ...(firstNotOk ? { firstNotOk } : {}),
  };
}
