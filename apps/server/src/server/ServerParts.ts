/** Where a part that failed to stop is told of, with the part's name. */
export type StopFailed = (part: string, error: unknown) => void;

/** One part started, with what ends it. */
interface StartedPart {
  readonly name: string;
  stop(): Promise<void> | void;
}

/**
 * The parts of a running server, started one after the other and stopped in reverse:
 * what started last relies on what started before it, so it stops first (Fastify's
 * plugins: registered in order, closed in reverse). A start that fails stops what
 * started before it, in reverse, and hands its own error on unchanged
 * ({@link ServerParts.rollBack}), so that a server that could not start leaves no port
 * bound, no store locked and no connection open. A start that is called off (its
 * `signal` aborted) fails the same way at the next part, with the signal's reason.
 *
 * @example
 * const parts = new ServerParts();
 * try {
 *   const store = await parts.start("store", () => openStore(url), (store) => store.close());
 *   await parts.start("listener", () => app.listen({ port }), () => app.close());
 * } catch (error) {
 *   return parts.rollBack(error);
 * }
 * // later, on SIGTERM: the listener closes, then the store
 * await parts.stop();
 */
export class ServerParts {
  readonly #started: StartedPart[] = [];

  /**
   * @param onStopFailed - told of each part that failed to stop (the others still stop)
   * @param signal - calls the start off: no part starts once it is aborted, and the part
   *   under way, once started, throws its reason (a query cannot be interrupted halfway)
   */
  constructor(
    private readonly onStopFailed: StopFailed = () => {},
    private readonly signal?: AbortSignal,
  ) {}

  /**
   * Starts one part, after every part started before it.
   *
   * @param name - what the part is, for the log of a stop that failed
   * @param start - starts it; resolves with what later parts use of it
   * @param stop - ends what `start` started, run in reverse order by {@link stop}; none
   *   for a step that leaves nothing running (an import, a log line)
   * @returns what `start` resolved with
   * @throws the signal's reason when the start was called off before or while this part started
   */
  async start<T>(
    name: string,
    start: () => T | Promise<T>,
    stop?: (started: T) => Promise<void> | void,
  ): Promise<T> {
    this.signal?.throwIfAborted();
    const started = await start();
    if (stop) this.#started.push({ name, stop: () => stop(started) });
    // Checked after the part too, so that a start called off during its last part is
    // rolled back, never handed on as a running server.
    this.signal?.throwIfAborted();
    return started;
  }

  /**
   * Stops every part started, the last first, each once. A part that fails to stop is
   * told of and the next still stops: a rate limiter that cannot say goodbye to Redis
   * must not leave the store locked.
   *
   * @throws the first failure, once every part has stopped
   */
  async stop(): Promise<void> {
    let failed: { error: unknown } | undefined;
    for (let part = this.#started.pop(); part; part = this.#started.pop()) {
      try {
        await part.stop();
      } catch (error) {
        this.onStopFailed(part.name, error);
        failed ??= { error };
      }
    }
    if (failed) throw failed.error;
  }

  /**
   * Undoes a start that failed: stops, in reverse, the parts started before the one
   * that failed, then throws that part's error as it was, for the caller's message to
   * name the cause. A part that fails to stop now is told of, never thrown.
   *
   * @param error - why the start failed
   */
  async rollBack(error: unknown): Promise<never> {
    await this.stop().catch(() => {});
    throw error;
  }
}
