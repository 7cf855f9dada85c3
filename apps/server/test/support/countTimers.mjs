// Preloaded (`node --import`) into a server that a test watches while it idles: counts the
// timer callbacks that fire, by where each timer was made (Node's own timers, such as the
// HTTP server's check of slow clients, go through the same functions), and on SIGUSR2
// prints the counts so far as one line, `fired timers: {"<where>": <count>, ...}`. Native
// timers (a libuv sampler) are not seen: the test counts the process's wakeups for those.
import timers from "node:timers";

/** @type {Map<string, number>} */
const fired = new Map();

/** Where the timer is made: the first frame of the stack outside this file. */
function madeAt() {
  const frames = (new Error().stack ?? "").split("\n").slice(1);
  const frame = frames.find((line) => !line.includes("countTimers.mjs")) ?? "";
  return frame
    .trim()
    .replace(/^at /, "")
    .replace(/\(?file:\/\/\/\S*\/(dist|node_modules)\//, "($1/");
}

/**
 * @param {typeof setTimeout} original
 * @returns {typeof setTimeout}
 */
const counted = (original) =>
  /** @type {typeof setTimeout} */ (
    (/** @type {any} */ callback, /** @type {any[]} */ ...rest) => {
      if (typeof callback !== "function") return original(callback, ...rest);
      const where = madeAt();
      return original(
        function (/** @type {any[]} */ ...args) {
          fired.set(where, (fired.get(where) ?? 0) + 1);
          return callback.apply(this, args);
        },
        ...rest,
      );
    }
  );

globalThis.setTimeout = timers.setTimeout = counted(globalThis.setTimeout);
globalThis.setInterval = timers.setInterval = counted(globalThis.setInterval);

process.on("SIGUSR2", () => {
  process.stderr.write(`fired timers: ${JSON.stringify(Object.fromEntries(fired))}\n`);
});
