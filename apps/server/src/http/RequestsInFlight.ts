import type { IncomingMessage, ServerResponse } from "node:http";

/** The longest path kept to name a request: enough for any method, bounded for junk. */
const MAX_PATH_CHARS = 60;

/**
 * The requests a server has begun and not yet finished, so that a stop that overruns
 * its deadline can say what held it. A request counts from its headers (a body that
 * never arrives still holds the server) until its response is finished or its
 * connection is gone.
 */
export class RequestsInFlight {
  readonly #requests = new Map<IncomingMessage, ServerResponse>();
  readonly #stopping = { value: false };
  /**
   * One listener for every response (a response closes once, and knows its request),
   * rather than a closure and a `once` wrapper made for each request.
   */
  readonly #onClose: (this: ServerResponse) => void;

  constructor() {
    const requests = this.#requests;
    const stopping = this.#stopping;
    this.#onClose = function forget(this: ServerResponse) {
      requests.delete(this.req);
      // Answered while the server stops: nothing more will come on this connection.
      if (stopping.value) this.req.socket?.end();
    };
  }

  /** Counts a request until its response closes. */
  add(request: IncomingMessage, response: ServerResponse): void {
    this.#requests.set(request, response);
    response.on("close", this.#onClose);
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
    for (const response of this.#requests.values())
      if (!response.headersSent) response.shouldKeepAlive = false;
  }

  /** How many requests are in flight. */
  get size(): number {
    return this.#requests.size;
  }

  /**
   * The requests in flight by HTTP method and path (never the query string, which
   * may carry a token), e.g. `{ "POST /v1/resources.list": 2 }`.
   */
  byRoute(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const request of this.#requests.keys()) {
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
