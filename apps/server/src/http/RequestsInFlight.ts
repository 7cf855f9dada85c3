import type { IncomingMessage, ServerResponse } from "node:http";

/** The longest path kept to name a request: enough for any method, bounded for junk. */
const MAX_PATH_CHARS = 60;

/** One request in flight: a link of the list {@link RequestsInFlight} keeps. */
interface InFlight {
  response: ServerResponse | undefined;
  previous: InFlight | undefined;
  next: InFlight | undefined;
}

/** Where a response keeps its link, so that its close listener finds it without a lookup. */
const linkOf = Symbol("wsafe.requestInFlight");
type LinkedResponse = ServerResponse & { [linkOf]?: InFlight | undefined };

/**
 * The requests a server has begun and not yet finished, so that a stop that overruns
 * its deadline can say what held it. A request counts from its headers (a body that
 * never arrives still holds the server) until its response is finished or its
 * connection is gone.
 *
 * Kept as a doubly linked list whose links are emptied as each request leaves, not in a
 * `Map`: a `Map` that takes and drops a request at every call made V8 promote every
 * request (its `IncomingMessage`, `ServerResponse` and buffers, ~1.8 kB) to the old
 * generation. Each time the map grows or shrinks it moves to a new table and the old
 * table keeps a link to the new one (for iterators), so one table that reached the old
 * generation kept every table after it, and every request in them, alive through each
 * scavenge until the next full collection. Measured under the bench's pipeline load
 * (issue 38): 1.5-1.9 kB promoted per request and scavenges of 18-55 ms against ~0 and
 * 1-9 ms without the map; the old generation grew 30 → 110 MB between full collections,
 * and the rounds' p99 and rate with it (bench README, "the tail").
 */
export class RequestsInFlight {
  #first: InFlight | undefined;
  #last: InFlight | undefined;
  #size = 0;
  readonly #stopping = { value: false };
  /**
   * One listener for every response (a response closes once, and finds its link on
   * itself), rather than a closure and a `once` wrapper made for each request.
   */
  readonly #onClose: (this: LinkedResponse) => void;

  constructor() {
    const stopping = this.#stopping;
    const forget = (link: InFlight): void => this.#forget(link);
    this.#onClose = function closed(this: LinkedResponse) {
      const link = this[linkOf];
      if (link === undefined) return;
      this[linkOf] = undefined;
      forget(link);
      // Answered while the server stops: nothing more will come on this connection.
      if (stopping.value) this.req.socket?.end();
    };
  }

  /** Counts a request until its response closes. */
  add(_request: IncomingMessage, response: ServerResponse): void {
    const link: InFlight = { response, previous: this.#last, next: undefined };
    if (this.#last === undefined) this.#first = link;
    else this.#last.next = link;
    this.#last = link;
    this.#size++;
    (response as LinkedResponse)[linkOf] = link;
    response.on("close", this.#onClose);
  }

  /** Takes a link out of the list and empties it, so that it holds nothing once it is gone. */
  #forget(link: InFlight): void {
    const { previous, next } = link;
    if (previous === undefined) this.#first = next;
    else previous.next = next;
    if (next === undefined) this.#last = previous;
    else next.previous = previous;
    link.response = undefined;
    link.previous = undefined;
    link.next = undefined;
    this.#size--;
  }

  /** The responses in flight, oldest first. */
  *#responses(): Generator<ServerResponse> {
    for (let link = this.#first; link !== undefined; link = link.next) {
      if (link.response !== undefined) yield link.response;
    }
  }

  /**
   * The server stops: each connection of a request in flight closes once its answer is
   * sent (\`Connection: close\` where the headers are still to go). Node would keep it open
   * as an idle keep-alive connection until the client or the keep-alive timeout closed it
   * (10 s here, or a proxy's pool: HAProxy purges idle server connections after 5 s),
   * and the stop waited for it.
   */
  endConnectionsAsAnswered(): void {
    this.#stopping.value = true;
    for (const response of this.#responses()) if (!response.headersSent) response.shouldKeepAlive = false;
  }

  /** How many requests are in flight. */
  get size(): number {
    return this.#size;
  }

  /**
   * The requests in flight by HTTP method and path (never the query string, which
   * may carry a token), e.g. `{ "POST /v1/resources.list": 2 }`.
   */
  byRoute(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const { req: request } of this.#responses()) {
      const url = request.url ?? "";
      const queryAt = url.indexOf("?");
      let path = queryAt < 0 ? url : url.slice(0, queryAt);
      if (path.length > MAX_PATH_CHARS) path = `${path.slice(0, MAX_PATH_CHARS)}…`;
      const key = `${request.method} ${path}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  }
}
