/** How a server keeps its `events.stream` subscriptions within bounds. */
export interface StreamSettings {
  /**
   * The most streams one token may hold open on one server process at once
   * (`--streams-per-token`); the next is refused with `limit_reached`.
   */
  perToken: number;
  /**
   * How long a stream stays open (`--stream-max-duration`, tRPC's `maxDurationMs`): then
   * it ends, the client resumes after the last event it got, and the token, the account
   * and the limits are checked again.
   */
  maxDurationMs: number;
  /**
   * The most events the server keeps in memory for all of an account's open streams that
   * some of them have yet to take (one copy however many streams, each stream only where
   * it is; read as a stream asks for more, let go once every stream took them). A stream
   * further behind (its reader slower than the others, or resuming from long ago), or a
   * stalled one more than 1 000 behind, reads on from the store after the last event it
   * sent: the log is durable, so nothing is lost or sent twice, and memory stays bounded
   * (about 800 bytes an event, only for accounts that have a stream open).
   */
  bufferedEvents: number;
  /**
   * How long a stream the server ended (a stop, a revoked token) may take to send its
   * last bytes; a reader that takes none has its connection cut then. It resumes by id.
   */
  endGraceMs: number;
}

/** The command line's defaults. */
/** How often an idle stream is pinged when the server says nothing else (`--stream-ping`). */
export const defaultStreamPingMs = 15_000;

export const defaultStreamSettings: StreamSettings = {
  perToken: 5,
  maxDurationMs: 30 * 60_000,
  // One import of 2 500 equipment's events for 1 000 streams without a read of the store each.
  bufferedEvents: 10_000,
  endGraceMs: 1_000,
};
