// Reads `events.stream` as raw Server-Sent Events with Node's `https` (no tRPC code), for
// the stream figures of workload 9: how long the first event takes, and a reader that can
// stop reading (a response read through its async iterator is read off the socket only as
// far as it is asked for, past a small buffer).
import https from "node:https";

/** A fresh connection per stream, the bench's self-signed certificate accepted. */
const agent = new https.Agent({ keepAlive: false, rejectUnauthorized: false });

/**
 * The response of a GET, once its headers are in.
 *
 * @param {string} url
 * @returns {Promise<import("node:http").IncomingMessage>}
 */
const get = (url) =>
  new Promise((resolve, reject) => {
    https.get(url, { agent }, resolve).on("error", reject);
  });

/**
 * Opens a stream and answers a reader of its messages.
 *
 * @param {string} url - the server's URL
 * @param {object} input - the subscription's input (`token`, `from`, `lastEventId`...)
 */
export async function openEventStream(url, input) {
  const started = performance.now();
  const response = await get(`${url}/trpc/events.stream?input=${encodeURIComponent(JSON.stringify(input))}`);
  const chunks = response[Symbol.asyncIterator]();
  let text = "";
  let events = 0;
  /** @type {number | undefined} */
  let firstEventMs;
  /** @type {string | undefined} */
  let failure;
  return {
    started,
    get events() {
      return events;
    },
    get firstEventMs() {
      return firstEventMs;
    },
    /**
     * Reads on until `enough()` says so (or the stream ends or fails).
     *
     * @param {() => boolean} enough
     */
    async readUntil(enough) {
      while (!enough()) {
        const next = await chunks.next();
        if (next.done) return;
        text += String(next.value);
        for (let end = text.indexOf("\n\n"); end >= 0; end = text.indexOf("\n\n")) {
          const message = text.slice(0, end);
          text = text.slice(end + 2);
          const named = /^event: ?(.*)$/m.exec(message)?.[1];
          if (named === "serialized-error") failure = message;
          else if (named === undefined && /^data:/m.test(message)) {
            events++;
            firstEventMs ??= performance.now() - started;
          }
        }
        if (failure) throw new Error(`the stream failed: ${failure}`);
      }
    },
    close: () => response.destroy(),
  };
}

/**
 * Milliseconds from a stream's request to its first event.
 *
 * @param {string} url
 * @param {object} input
 */
export async function timeFirstEvent(url, input) {
  const stream = await openEventStream(url, input);
  try {
    await stream.readUntil(() => stream.events > 0);
    if (stream.firstEventMs === undefined) throw new Error("the stream ended without an event");
    return stream.firstEventMs;
  } finally {
    stream.close();
  }
}
