import { ApiError } from "../errors/ApiError.js";
import type { TokenRecord } from "../store/TokenRecord.js";
import { defaultStreamSettings, type StreamSettings } from "./StreamSettings.js";

/** Why a stream ended: its reader left, it ran its maximum duration, the server stopped, or its token may no longer read. */
export type StreamEnding = "client_closed" | "max_duration" | "stopping" | ApiError["error"];

/** Where a server's stream lines go: one when a stream opens, one when it closes. */
export interface StreamLog {
  info(fields: object, message: string): void;
}

/** Who holds a stream, and how to cut its connection when it will not end by itself. */
export interface StreamHolder {
  token: TokenRecord;
  /** The `SVC-Request-ID` of the request that opened it. */
  requestId: string;
  /** Cuts the stream's connection (a reader that reads nothing more keeps its answer from ending). */
  cut(): void;
}

/** The server's end of one open `events.stream`. */
export class OpenStream {
  readonly #controller = new AbortController();
  #cutTimer: NodeJS.Timeout | undefined;
  /** When it opened (`performance.now()`). */
  readonly openedAt = performance.now();
  /** Events sent so far. */
  sent = 0;

  constructor(readonly holder: StreamHolder) {}

  /**
   * Aborts when the server ends the stream; its `reason` is `"stopping"` (the client
   * resumes elsewhere) or the `ApiError` the stream fails with (its token was revoked).
   */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /**
   * Ends the stream: the reader gets what is under way, then the end; one that takes
   * nothing more within `graceMs` has its connection cut, so that nothing it does holds
   * a stop or a revocation back.
   */
  end(reason: "stopping" | ApiError, graceMs: number): void {
    if (this.#controller.signal.aborted) return;
    this.#controller.abort(reason);
    this.#cutTimer = setTimeout(() => this.holder.cut(), graceMs);
    this.#cutTimer.unref();
  }

  /** The stream has ended: no cut is needed any more. */
  closed(): void {
    clearTimeout(this.#cutTimer);
  }
}

/**
 * The `events.stream` subscriptions open on one server: at most `perToken` per token
 * (`--streams-per-token`), each logged when it opens and when it closes (with how long
 * it lasted, how many events it sent and why it ended), all ended at once when the
 * server stops and each ended when its token may no longer read.
 */
export class OpenStreams {
  readonly #byToken = new Map<string, Set<OpenStream>>();
  readonly #watchers = new Set<(size: number) => void>();
  #stopping = false;
  readonly settings: StreamSettings;

  /**
   * @param log - the server's log
   * @param settings - the limits; defaults: see {@link defaultStreamSettings}
   */
  constructor(
    readonly log: StreamLog,
    settings: Partial<StreamSettings> = {},
  ) {
    this.settings = { ...defaultStreamSettings, ...settings };
  }

  /** How many streams are open. */
  get size(): number {
    let count = 0;
    for (const streams of this.#byToken.values()) count += streams.size;
    return count;
  }

  /**
   * Tells `watcher` how many streams are open each time one opens or closes, until the
   * returned function is called: what watches streams runs only while one is open.
   */
  watch(watcher: (size: number) => void): () => void {
    this.#watchers.add(watcher);
    return () => this.#watchers.delete(watcher);
  }

  /** The keys of the tokens that hold open streams. */
  tokenKeys(): string[] {
    return [...this.#byToken.keys()];
  }

  /**
   * Opens a stream for a checked token. Once the server is stopping, the stream is ended
   * as it opens: its client goes on at another server, or here after a restart.
   *
   * @throws ApiError `limit_reached` when the token already holds `perToken` streams here
   */
  open(holder: StreamHolder): OpenStream {
    const { perToken } = this.settings;
    const streams = this.#byToken.get(holder.token.key) ?? new Set<OpenStream>();
    if (streams.size >= perToken)
      throw new ApiError(
        "limit_reached",
        `the token holds ${streams.size} open streams, the most a server allows it (--streams-per-token ${perToken}): close one before opening another`,
      );
    const stream = new OpenStream(holder);
    streams.add(stream);
    this.#byToken.set(holder.token.key, streams);
    this.log.info(
      { requestId: holder.requestId, account: holder.token.accountId, tokenStreams: streams.size },
      "stream opened",
    );
    this.#told();
    if (this.#stopping) stream.end("stopping", this.settings.endGraceMs);
    return stream;
  }

  /**
   * Forgets a stream that ended, and logs how it went.
   *
   * @param ending - why it ended
   */
  close(stream: OpenStream, ending: StreamEnding): void {
    stream.closed();
    const streams = this.#byToken.get(stream.holder.token.key);
    if (!streams?.delete(stream)) return;
    if (streams.size === 0) this.#byToken.delete(stream.holder.token.key);
    this.#told();
    this.log.info(
      {
        requestId: stream.holder.requestId,
        account: stream.holder.token.accountId,
        durationMs: Math.round(performance.now() - stream.openedAt),
        events: stream.sent,
        endedBy: ending,
      },
      "stream closed",
    );
  }

  #told(): void {
    const size = this.size;
    for (const watcher of this.#watchers) watcher(size);
  }

  /**
   * Ends every stream at once, and each opened from now on: the server is stopping. Each
   * client resumes after its last event, at another server or this one restarted.
   */
  endAll(): void {
    this.#stopping = true;
    for (const streams of this.#byToken.values())
      for (const stream of streams) stream.end("stopping", this.settings.endGraceMs);
  }

  /**
   * Ends every stream of a token with the failure it now answers (`token_inactive`,
   * `account_inactive`, `token_invalid`): its client gets that error and does not resume.
   */
  endForToken(tokenKey: string, failure: ApiError): void {
    for (const stream of this.#byToken.get(tokenKey) ?? []) stream.end(failure, this.settings.endGraceMs);
  }
}
