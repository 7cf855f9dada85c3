/** The `method` label of a request whose path names no /v1 method (docs pages, typos). */
export const noMethod = "none";

/**
 * The `method` label of every request to the tRPC router (`/trpc/...`): one label, so
 * neither a batch's list of paths nor a made-up path can add a series.
 */
export const trpcMethod = "trpc";

/** What the requests of one method added up to since the process started. */
export interface MethodTally {
  readonly method: string;
  /** Requests by outcome (`ok`, an error identifier, `preflight`, `docs`). */
  readonly outcomes: Map<string, number>;
  /** Requests answered, whatever their outcome. */
  count: number;
  /** Seconds spent on them, in all. */
  durationSum: number;
  /**
   * Requests by duration bucket: index `i` counts those above bound `i - 1` and at most
   * bound `i`; the last index those above every bound. Not cumulative (the exposition is).
   */
  readonly durationBuckets: Float64Array;
  bytes: number;
  /** Requests refused with `rate_limit_exceeded`. */
  refusals: number;
}

/**
 * The request counts behind `/metrics`, kept as plain numbers per method. Recording a
 * request is a few additions and a map update, with nothing allocated once an outcome
 * was seen: prom-client's own counters and histograms hash their labels and allocate
 * on every call (3.7 µs per request for the three of them here, measured, against
 * under 0.1 µs for this), so the metrics read these tallies at scrape time instead.
 */
export class RequestTallies {
  readonly #byMethod = new Map<string, MethodTally>();
  readonly #none: MethodTally;

  /**
   * @param methods - the /v1 method names, each with its own tally from the start
   * @param durationBounds - upper bounds of the duration buckets, ascending, in seconds
   */
  constructor(
    methods: readonly string[],
    readonly durationBounds: readonly number[],
  ) {
    for (const method of methods) this.#byMethod.set(method, this.#tally(method));
    this.#none = this.#tally(noMethod);
  }

  #tally(method: string): MethodTally {
    return {
      method,
      outcomes: new Map(),
      count: 0,
      durationSum: 0,
      durationBuckets: new Float64Array(this.durationBounds.length + 1),
      bytes: 0,
      refusals: 0,
    };
  }

  /**
   * Counts one answered request.
   *
   * @param method - the /v1 method its path named, if any
   * @param outcome - `ok`, the error identifier, `preflight` or `docs`
   * @param seconds - from its arrival to the end of its answer
   * @param bytes - what its answer wrote to the connection
   */
  record(method: string | undefined, outcome: string, seconds: number, bytes: number): void {
    const tally = (method !== undefined && this.#byMethod.get(method)) || this.#none;
    tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1);
    tally.count++;
    tally.durationSum += seconds;
    const bounds = this.durationBounds;
    let bucket = 0;
    while (bucket < bounds.length && seconds > bounds[bucket]!) bucket++;
    tally.durationBuckets[bucket]!++;
    tally.bytes += bytes;
    if (outcome === "rate_limit_exceeded") tally.refusals++;
  }

  /** Every method's tally, `none` last. */
  *tallies(): IterableIterator<Readonly<MethodTally>> {
    yield* this.#byMethod.values();
    yield this.#none;
  }
}
