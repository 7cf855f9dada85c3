// The protocol between the bench and a server it runs in a child process: the child
// gets its options as JSON in argv[2], prints the readiness line `listening on <url>`
// (what the shared launcher of @wsafe/test-support waits for) once it listens, and
// closes itself on `{ type: "close" }` over IPC or when the bench goes away, and
// answers `{ type: "stats" }` with its heap and its collections so far (the bench reads
// them around each round, to see what grows from round to round); with `collect: true`,
// in a child started with `--expose-gc`, after full collections (what the server holds,
// without the garbage a run leaves behind).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PerformanceObserver } from "node:perf_hooks";

/**
 * The options the bench passed. The certificate travels as a directory (`tlsDir`) and
 * is read here, so that no key ever shows in a process list; it comes back as `tls`.
 *
 * @returns {any}
 */
export function childOptions() {
  const { tlsDir, ...options } = JSON.parse(process.argv[2] ?? "{}");
  if (tlsDir) {
    options.tls = {
      cert: readFileSync(join(tlsDir, "cert.pem"), "utf8"),
      key: readFileSync(join(tlsDir, "key.pem"), "utf8"),
    };
  }
  return options;
}

/**
 * Listens on a free port of 127.0.0.1 and reports it ({@link reportReady}); a stop closes
 * the server, then runs `afterClose` (a peer's store, say).
 *
 * @param {import("node:net").Server} server - an HTTPS server, not yet listening
 * @param {() => Promise<void>} [afterClose]
 */
export async function listenOnLoopback(server, afterClose) {
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const address = server.address();
  reportReady(`https://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`, async () => {
    await new Promise((resolve) => server.close(() => resolve(undefined)));
    await afterClose?.();
  });
}

/**
 * Tells the bench where the server listens, and wires the ways to stop it.
 *
 * @param {string} url
 * @param {() => Promise<void>} close
 */
export function reportReady(url, close) {
  const collections = watchCollections();
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await close().catch(() => {});
    process.exit(0);
  };
  process.on("message", (message) => {
    const type = /** @type {any} */ (message)?.type;
    if (type === "close") void stop();
    else if (type === "stats")
      void collectIf(/** @type {any} */ (message)?.collect === true).then(() =>
        process.send?.({ type: "stats", ...processStats(collections) }),
      );
  });
  process.on("disconnect", () => void stop());
  console.log(`listening on ${url}`);
}

/**
 * Two full collections when asked and `--expose-gc` gave the means: what the first frees
 * can let a second free more, and finalizers settle on a later turn.
 *
 * @param {boolean} asked
 */
async function collectIf(asked) {
  const { gc } = /** @type {{ gc?: () => void }} */ (globalThis);
  if (!asked || !gc) return;
  gc();
  await new Promise((resolve) => setImmediate(resolve));
  gc();
}

/**
 * Counts the process's garbage collections and their pause time, by kind, from now on
 * (one `gc` performance entry per collection; the observer adds an entry per
 * collection, the same on every server).
 */
function watchCollections() {
  const totals = { count: 0, ms: 0, majorCount: 0, majorMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      totals.count++;
      totals.ms += entry.duration;
      // NODE_PERFORMANCE_GC_MAJOR (mark-sweep-compact) is kind 4; the rest are scavenges
      // and incremental steps.
      if (/** @type {any} */ (entry).detail?.kind === 4) {
        totals.majorCount++;
        totals.majorMs += entry.duration;
      }
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  return totals;
}

/**
 * What the bench reads around a round: the heap (used and reserved), memory outside
 * it, RSS, and the collections so far.
 *
 * @param {{ count: number, ms: number, majorCount: number, majorMs: number }} collections
 */
function processStats(collections) {
  const { heapUsed, heapTotal, external, rss } = process.memoryUsage();
  return { heapUsed, heapTotal, external, rss, gc: { ...collections } };
}
