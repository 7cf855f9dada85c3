import { Readable } from "node:stream";
import { compactJsonElements } from "../json/compactJsonElements.js";
import { RawJsonResult } from "../results/RawJsonResult.js";
import type { StreamedJsonResult } from "../results/StreamedJsonResult.js";

const TAIL = Buffer.from("]}");

/**
 * The compact body of a streamed list, made while the reply is written: the envelope's
 * head with the first chunk, then `,` and each further chunk, then `]}`. It reads the
 * next chunk only when the reply wants more (so a slow reader holds back the reads
 * instead of making the server buffer the answer), and whatever destroys it (the
 * client went away, the reply failed) stops the read and frees its cursor.
 */
class ListBodyStream extends Readable {
  readonly #chunks: AsyncIterator<readonly (string | Buffer)[]>;
  readonly #onFailure: (error: unknown) => void;
  #reading = false;

  constructor(
    chunks: AsyncIterator<readonly (string | Buffer)[]>,
    first: Buffer,
    onFailure: (error: unknown) => void,
  ) {
    // One chunk is far over the byte high-water mark: at most one waits here while
    // the socket drains.
    super();
    this.#chunks = chunks;
    this.#onFailure = onFailure;
    this.push(first);
  }

  override _read(): void {
    if (this.#reading) return;
    this.#reading = true;
    this.#chunks.next().then(
      (next) => {
        this.#reading = false;
        if (this.destroyed) return;
        if (next.done) {
          this.push(TAIL);
          this.push(null);
        } else {
          this.push(compactJsonElements(",", next.value));
        }
      },
      (error: unknown) => {
        this.#reading = false;
        this.#onFailure(error);
        // The answer is half sent: destroying the stream makes the server drop the
        // connection, so the client sees a broken transfer, never a short list.
        this.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // Waits for a fetch in flight, then closes the cursor (a no-op once it is done).
    Promise.resolve(this.#chunks.return?.()).then(
      () => callback(error),
      () => callback(error),
    );
  }
}

/**
 * Starts sending a streamed list. The first two chunks are read before anything is
 * sent, so a list that fails early (the database is down) still answers the JSON
 * envelope (`server_error`), the response-time header counts the time to the first
 * records, and a list of at most one chunk is a whole body. After that, a failure can
 * only cut the connection.
 *
 * @param result - the method's streamed result
 * @param onFailure - called once with a failure after the first chunk (to log it);
 *   the stream then errors, and the HTTP layer destroys the connection
 * @returns the body stream, or the whole body of an empty list
 * @example
 * const body = await streamListBody(result, (error) => log.error({ err: error }));
 * reply.send(body instanceof Readable ? body : serializeBody(body, false));
 */
export async function streamListBody(
  result: StreamedJsonResult,
  onFailure: (error: unknown) => void,
): Promise<Readable | RawJsonResult> {
  const iterator = result.chunks()[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return new RawJsonResult(result.field, "[]");
  // One more read before anything is sent: a list of one chunk ends here and goes out
  // whole, with its length, and a failure until then (a backend killed before the last
  // fetch) still answers the envelope. A longer list starts with two chunks in hand.
  const second = await iterator.next();
  if (second.done) return new RawJsonResult(result.field, `[${first.value.map(String).join(",")}]`);
  const head = `{"ok":true,${JSON.stringify(result.field)}:[`;
  const start = Buffer.concat([
    compactJsonElements(head, first.value),
    compactJsonElements(",", second.value),
  ]);
  return new ListBodyStream(iterator, start, onFailure);
}
