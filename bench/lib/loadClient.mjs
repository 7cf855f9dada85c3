// The load generator's process: autocannon run through its API, so that every
// response's own time is kept at the resolution it was measured (autocannon measures
// each with `process.hrtime`, in fractions of a millisecond, then records it in a
// histogram whose smallest unit is 1 ms: its `--json` percentiles are whole
// milliseconds, and a p99 of 1 ms and one of 1.99 ms print alike). Run as
// `node loadClient.mjs '<options as JSON>'` (see `autocannon.mjs`); prints one line of
// JSON: autocannon's result, with `latencyMicros` and `timeline` added.
import { createRequire } from "node:module";
import { latencySummary, timelineOf } from "./latencySamples.mjs";

const require = createRequire(import.meta.url);
const autocannon = require("autocannon");

/**
 * `rate`: requests a second in all (autocannon's `overallRate`), to compare servers'
 * CPU per request at the same pace; absent: as fast as the server answers.
 *
 * @type {{ url: string, body: string, connections: number, seconds: number, rate?: number }}
 */
const { url, body, connections, seconds, rate } = JSON.parse(process.argv[2] ?? "{}");

// Preallocated for the fastest server's rate (~60 000 req/s) over the round; grown if needed.
let micros = new Float64Array(Math.max(1024, seconds * 60_000));
let endedAt = new Float64Array(micros.length);
let count = 0;
const origin = process.hrtime.bigint();

const instance = autocannon({
  url,
  connections,
  pipelining: 1,
  duration: seconds,
  timeout: 10,
  method: "POST",
  headers: { "content-type": "application/json" },
  body,
  ...(rate ? { overallRate: rate } : {}),
});
instance.on("response", (_client, statusCode, _bytes, responseTime) => {
  if (statusCode < 200 || statusCode >= 300) return;
  if (count === micros.length) {
    const grownMicros = new Float64Array(count * 2);
    grownMicros.set(micros);
    micros = grownMicros;
    const grownEnds = new Float64Array(count * 2);
    grownEnds.set(endedAt);
    endedAt = grownEnds;
  }
  micros[count] = responseTime * 1000;
  endedAt[count] = Number(process.hrtime.bigint() - origin) / 1e6;
  count++;
});
instance.on("done", (result) => {
  const samples = micros.subarray(0, count);
  const latencyMicros = latencySummary(samples);
  const timeline = timelineOf(endedAt.subarray(0, count), samples, 500);
  process.stdout.write(`${JSON.stringify({ ...result, latencyMicros, timeline })}\n`);
});
