// The readers of the fan-out workload (issue 38 goal 6), in a process of their own (pinned
// apart from the server where the machine allows): opens N `events.stream` subscriptions
// over HTTPS, one connection each, as raw Server-Sent Events (no tRPC code), tallies each
// stream's frames (`lib/sseFrameTally.mjs`), and tells the bench over IPC when every
// stream has the events it expects: the instant the last one got its last, and whether
// all received the same bytes.
//
// Options (argv[2], JSON): { url, inputs: object[] } - one subscription input per stream.
// IPC: -> { type: "expect", frames } ... <- { type: "done", ... }; -> { type: "report" } <-
// { type: "report", frames, ... } (how far they got); -> { type: "close" }.
import https from "node:https";
import { SseFrameTally } from "../lib/sseFrameTally.mjs";

const { url, inputs } = JSON.parse(process.argv[2] ?? "{}");
/** Absolute milliseconds, comparable with another process's on the same machine. */
const nowMs = () => performance.timeOrigin + performance.now();
/** @type {{ tally: SseFrameTally, response?: import("node:http").IncomingMessage, reachedAt?: number }[]} */
const streams = [];
/** @type {number | undefined} */
let expected;
/** @type {(() => void) | undefined} */
let check;

/**
 * Opens one stream and resolves once its `connected` message is in.
 *
 * @param {object} input
 */
function open(input) {
  const stream = { tally: new SseFrameTally() };
  streams.push(stream);
  return new Promise((resolve, reject) => {
    const request = https.get(
      `${url}/trpc/events.stream?input=${encodeURIComponent(JSON.stringify(input))}`,
      { agent: false, rejectUnauthorized: false },
      (response) => {
        stream.response = response;
        if (response.statusCode !== 200) {
          reject(new Error(`events.stream answered ${response.statusCode}`));
          return;
        }
        response.on("data", (/** @type {Buffer} */ chunk) => {
          stream.tally.add(chunk);
          if (stream.tally.failure) reject(new Error(`a stream failed: ${stream.tally.failure}`));
          if (stream.tally.named.connected) resolve(undefined);
          if (expected !== undefined && stream.reachedAt === undefined && stream.tally.frames >= expected) {
            stream.reachedAt = nowMs();
            check?.();
          }
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

// Opened 50 at a time: 1 000 TLS handshakes at once only measure the handshakes.
for (let at = 0; at < inputs.length; at += 50) await Promise.all(inputs.slice(at, at + 50).map(open));
process.send?.({ type: "opened", streams: streams.length, cpu: process.cpuUsage() });

process.on("message", (/** @type {any} */ message) => {
  if (message?.type === "expect") {
    expected = message.frames;
    check = () => {
      if (!streams.every((stream) => stream.reachedAt !== undefined)) return;
      check = undefined;
      const reached = streams.map((stream) => /** @type {number} */ (stream.reachedAt));
      const digests = new Set(streams.map((stream) => stream.tally.digest()));
      const frames = streams.map((stream) => stream.tally.frames);
      process.send?.({
        type: "done",
        firstReachedAt: Math.min(...reached),
        lastReachedAt: Math.max(...reached),
        digests: [...digests],
        minFrames: Math.min(...frames),
        maxFrames: Math.max(...frames),
        firstFrame: streams[0]?.tally.firstFrame,
        cpu: process.cpuUsage(),
      });
    };
    for (const stream of streams)
      if (stream.reachedAt === undefined && stream.tally.frames >= expected) stream.reachedAt = nowMs();
    check();
  } else if (message?.type === "report") {
    // Asked when the bench stops waiting: how far the streams got.
    const frames = streams.map((stream) => stream.tally.frames);
    process.send?.({
      type: "report",
      at: nowMs(),
      frames: frames.reduce((sum, n) => sum + n, 0),
      streamsDone: streams.filter((stream) => stream.reachedAt !== undefined).length,
      minFrames: Math.min(...frames),
      maxFrames: Math.max(...frames),
      cpu: process.cpuUsage(),
    });
  } else if (message?.type === "close") {
    for (const stream of streams) stream.response?.destroy();
    process.exit(0);
  }
});
process.on("disconnect", () => process.exit(0));
