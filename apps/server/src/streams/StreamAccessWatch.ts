import { NotifiedLoop, type RoundCause } from "../background/NotifiedLoop.js";
import type { OutageLog } from "../background/OutageBackoff.js";
import type { ApiError } from "../errors/ApiError.js";
import { tokenFailures } from "../errors/tokenFailures.js";
import { notificationChannels } from "../store/database/notificationChannels.js";
import type { Sql } from "../store/database/Sql.js";
import { readTokenStates, type TokenState } from "../store/queries/readTokenStates.js";
import type { OpenStreams } from "./OpenStreams.js";

/** How often the tokens are read again while the listening connection is down. */
const unheardCheckMs = 2_000;

/**
 * How often the tokens are read again while streams are open and notifications arrive:
 * a bound for a deployment whose notifications stop while the connection looks fine.
 */
const safetyCheckMs = 30_000;

/** The tables whose changes may end a stream ("": a change announced without its table). */
const watchedTables = new Set(["tokens", "accounts", ""]);

/**
 * Ends the streams of a token that may no longer read: deactivated (`token_inactive`),
 * gone (`token_invalid`), or of an account made inactive (`account_inactive`). Every
 * change to accounts and tokens is announced by the database when it commits, whichever
 * process made it (`wsafe tokens revoke`, `wsafe accounts deactivate`, an import, psql),
 * to every server: each reads the tokens of its open streams again at once, so a revoked
 * stream ends within a second on every server of a deployment. Nothing is read while no
 * stream is open (nor does a timer run); while streams are open, every 30 s at most, and
 * every 2 s while the listening connection is down. Its {@link NotifiedLoop} listens,
 * waits and backs off while the database fails.
 */
export class StreamAccessWatch {
  readonly #loop: NotifiedLoop;
  #lastCheck = Number.NEGATIVE_INFINITY;
  #unwatch: (() => void) | undefined;

  /**
   * @param sql - the store's database
   * @param streams - the server's open streams
   * @param log - told once when checking starts failing (it is tried again, less and less
   *   often) and once when it works again
   */
  constructor(
    private readonly sql: Sql,
    private readonly streams: OpenStreams,
    log: OutageLog,
  ) {
    this.#loop = new NotifiedLoop(sql, {
      name: "checking the tokens of open streams",
      channels: [notificationChannels.changes],
      heard: (table) => watchedTables.has(table),
      round: (cause) => this.#check(cause),
      log,
      deafPollMs: unheardCheckMs,
    });
  }

  /** Listens for changes to accounts and tokens. */
  async start(): Promise<void> {
    await this.#loop.start();
    // The first stream to open sets the loop's timer; the last to close lets it lapse.
    this.#unwatch = this.streams.watch(() => this.#loop.wake());
  }

  /** Stops listening. */
  async stop(): Promise<void> {
    this.#unwatch?.();
    await this.#loop.stop();
  }

  /**
   * One round of the loop: reads the open streams' tokens again (told of a change, or
   * when the last check is old) and ends the streams of those that may no longer read;
   * answers when to check again while streams are open.
   */
  async #check(cause: RoundCause): Promise<number | undefined> {
    if (this.streams.size === 0) return undefined;
    // A stream opened or closed: a check only if the last one is old.
    const left = safetyCheckMs - (performance.now() - this.#lastCheck);
    if (cause === "woken" && left > 0) return left;
    this.#lastCheck = performance.now();
    const keys = this.streams.tokenKeys();
    const states = await readTokenStates(this.sql, keys);
    for (const key of keys) {
      const failure = accessFailure(states.get(key));
      if (failure) this.streams.endForToken(key, failure);
    }
    return safetyCheckMs;
  }
}

/**
 * What the pipeline's token checks would answer now for a token of that state, in their
 * order and words; `undefined` when it passes.
 */
function accessFailure(state: TokenState | undefined): ApiError | undefined {
  if (!state) return tokenFailures.unknown();
  if (!state.active) return tokenFailures.inactive();
  if (!state.accountActive) return tokenFailures.accountInactive();
  return undefined;
}
