// Counts the events of one Server-Sent Events stream as its bytes arrive, for the fan-out
// workload (issue 38 goal 6), where 1 000 streams receive millions of frames: it works on
// the raw bytes (no string per chunk, no regular expression per message) and digests the
// data frames' bytes (but the event ids, see `withoutIds`), so that two streams - and wsafe and its peer - can be shown to have
// received exactly the same frames, in the same order.
import { createHash } from "node:crypto";

const frameEnd = Buffer.from("\n\n");
const dataPrefix = Buffer.from("data:");
const eventPrefix = Buffer.from("event:");
const idMarks = [Buffer.from('"id":"ev_'), Buffer.from("\nid: ev_")];
const idDigits = 24;

/**
 * A copy of a frame with its event ids (`ev_` and 24 hex digits, in the record and on the
 * SSE id line) blotted out: an import's events are named after the import, which draws a
 * key of its own each time, so two imports of the same rows - one per side - differ there
 * and nowhere else.
 *
 * @param {Buffer} message
 */
function withoutIds(message) {
  const copy = Buffer.from(message);
  for (const mark of idMarks) {
    const at = copy.indexOf(mark);
    if (at >= 0) copy.fill("-", at + mark.length, Math.min(copy.length, at + mark.length + idDigits));
  }
  return copy;
}

/**
 * A tally of one stream: its data frames (messages without an `event:` line: a tRPC
 * subscription's values) counted and digested, its named messages (`connected`, `ping`,
 * `serialized-error`...) counted by name. Chunks may split a message anywhere.
 */
export class SseFrameTally {
  /** Data frames so far. */
  frames = 0;
  /** Named messages so far, by name. @type {Record<string, number>} */
  named = {};
  /** The text of the first `serialized-error` message, if one came. @type {string | undefined} */
  failure;
  /** The first data frame, as text: what a differing digest is looked into with. @type {string | undefined} */
  firstFrame;
  #rest = Buffer.alloc(0);
  #digest = createHash("sha256");

  /**
   * Takes the next bytes of the stream.
   *
   * @param {Buffer} chunk
   */
  add(chunk) {
    const bytes = this.#rest.length ? Buffer.concat([this.#rest, chunk]) : chunk;
    let start = 0;
    for (let end = bytes.indexOf(frameEnd, start); end >= 0; end = bytes.indexOf(frameEnd, start)) {
      const message = bytes.subarray(start, end + 2);
      start = end + 2;
      this.#take(message);
    }
    this.#rest = start < bytes.length ? Buffer.from(bytes.subarray(start)) : Buffer.alloc(0);
  }

  /** @param {Buffer} message - one whole message, its blank line included */
  #take(message) {
    if (message.subarray(0, eventPrefix.length).equals(eventPrefix) || message.includes("\nevent:")) {
      const line = message.toString("utf8").match(/^event: ?(.*)$/m);
      const name = line?.[1] ?? "?";
      this.named[name] = (this.named[name] ?? 0) + 1;
      if (name === "serialized-error") this.failure ??= message.toString("utf8");
      return;
    }
    if (message.subarray(0, dataPrefix.length).equals(dataPrefix) || message.includes("\ndata:")) {
      this.frames++;
      this.firstFrame ??= message.toString("utf8");
      this.#digest.update(withoutIds(message));
    }
  }

  /** The SHA-256 of every data frame so far, ids blotted out, in order (hex); ends the digest. */
  digest() {
    return this.#digest.digest("hex");
  }
}
