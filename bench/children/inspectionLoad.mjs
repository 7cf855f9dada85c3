// The load generator of the inspections.record workload, in a process of its own (the
// bench pins it to the load CPU): autocannon sends one body to every connection, and
// each request here needs its own: a fresh idempotency key, its client's accounts, and
// a result that turns its schedule's status over (passed, then failed, then passed...),
// so every request records events and webhook outbox rows. Each client is one keep-alive
// connection sending its next request when the last is answered; client c takes the
// accounts c, c + N, c + 2N... in turn (1 client: all 16; 16 clients: one each), so no two
// clients write one account. Prints one JSON line shaped as autocannon's result.
import { randomUUID } from "node:crypto";
import { Agent, request } from "node:https";

const { url, connections, seconds, accounts } = JSON.parse(process.argv[2] ?? "{}");
if (!/^https:\/\/127\.0\.0\.1:/.test(url)) throw new Error(`refusing to load anything but 127.0.0.1: ${url}`);

/** @type {number[]} */
const latencies = [];
let errors = 0;
let non2xx = 0;
let notOk = 0;
/** @type {string | undefined} */
let firstNotOk;
const deadline = performance.now() + seconds * 1000;

/** @param {string} body @param {Agent} agent @returns {Promise<{ status: number, text: string }>} */
function post(body, agent) {
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

/** One client: its accounts' equipment in turn, each turned over at every visit. */
async function client(/** @type {number} */ index) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const mine = accounts.filter((/** @type {any} */ _, i) => i % connections === index);
  /** @type {{ account: any, equipment: string, passed: boolean }[]} */
  const turns = [];
  const longest = Math.max(...mine.map((/** @type {any} */ a) => a.equipment.length));
  for (let n = 0; n < longest; n++)
    for (const account of mine)
      if (n < account.equipment.length)
        turns.push({ account, equipment: account.equipment[n], passed: true });
  for (let turn = 0; performance.now() < deadline; turn = (turn + 1) % turns.length) {
    const next = turns[turn];
    const body = JSON.stringify({
      token: next.account.token,
      equipment_id: next.equipment,
      schedule_id: next.account.schedule_id,
      result: next.passed ? "passed" : "failed",
      inspector_id: next.account.inspector_id,
      idempotency_key: randomUUID(),
    });
    next.passed = !next.passed;
    const sent = performance.now();
    try {
      const { status, text } = await post(body, agent);
      latencies.push(performance.now() - sent);
      if (status !== 200) non2xx++;
      else if (!text.startsWith('{"ok":true')) {
        notOk++;
        firstNotOk ??= text.slice(0, 300);
      }
    } catch {
      errors++;
    }
  }
  agent.destroy();
}

const started = performance.now();
await Promise.all(Array.from({ length: connections }, (_, index) => client(index)));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (/** @type {number} */ p) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
const round = (/** @type {number} */ ms) => Math.round(ms * 1000) / 1000;
process.stdout.write(
  `${JSON.stringify({
    requests: { total: latencies.length, average: latencies.length / elapsed },
    latency: {
      min: round(latencies[0] ?? 0),
      p50: round(at(50)),
      p90: round(at(90)),
      p99: round(at(99)),
      max: round(latencies.at(-1) ?? 0),
    },
    errors,
    timeouts: 0,
    non2xx,
    notOk,
    ...(firstNotOk ? { firstNotOk } : {}),
  })}\n`,
);
