import { fileURLToPath } from "node:url";
import { runPinnedChild } from "./runPinnedChild.mjs";

const client = fileURLToPath(new URL("./loadClient.mjs", import.meta.url));

/**
 * Loads a URL with autocannon in a separate process (`loadClient.mjs`, autocannon
 * through its API), so that the load generator never shares an event loop with the
 * server or the bench, and returns its result. Connections and duration are always
 * bounded. With `cpus`, the load generator runs under `taskset -c cpus` (the steady
 * method keeps it off the server's CPU).
 *
 * @param {{ url: string, body: string, connections: number, seconds: number, cpus?: string }} options
 * @returns {Promise<any>} autocannon's result (`requests`, `latency` in whole ms, `errors`, ...)
 *   with `latencyMicros` (every response's own time, µs percentiles) and `timeline`
 *   (responses and the slowest per half second) added
 */
export function autocannon({ url, body, connections, seconds, cpus }) {
  if (!/^https?:\/\/127\.0\.0\.1:/.test(url))
    throw new Error(`refusing to load anything but 127.0.0.1: ${url}`);
  const options = {
    url,
    body,
    connections: Math.min(connections, 64),
    seconds: Math.min(seconds, 60),
  };
  return runPinnedChild(client, options, cpus, "autocannon");
}
