import type { ApiError } from "../errors/ApiError.js";
import { tokenFailures } from "../errors/tokenFailures.js";
import { notificationChannels } from "../store/database/notificationChannels.js";
import type { Sql } from "../store/database/Sql.js";
import { readTokenStates, type TokenState } from "../store/queries/readTokenStates.js";
import type { OpenStreams } from "./OpenStreams.js";

/** The channel on which every change to accounts and tokens is announced (migration 0002). */

/** How often the tokens are read again while the listening connection is down. */
const unheardCheckMs = 2_000;

/**
 * How often the tokens are read again while streams are open and notifications arrive:
 * a bound for a deployment whose notifications stop while the connection looks fine.
 */
const safetyCheckMs = 30_000;

/**
 * Ends the streams of a token that may no longer read: deactivated (`token_inactive`),
 * gone (`token_invalid`), or of an account made inactive (`account_inactive`). Every
 * change to accounts and tokens is announced by the database when it commits, whichever
 * process made it (`wsafe tokens revoke`, `wsafe accounts deactivate`, an import, psql),
 * to every server: each reads the tokens of its open streams again at once, so a revoked
 * stream ends within a second on every server of a deployment. Nothing is read while no
 * stream is open (nor does its timer run); while the listening connection is down, every 2 s.
 */
export class StreamAccessWatch {
  #stopListening: (() => Promise<void>) | undefined;
  #listening = true;
  #timer: NodeJS.Timeout | undefined;
  #checking: Promise<void> | undefined;
  #again = false;
  #lastCheck = 0;
  #unwatch: (() => void) | undefined;

  /**
   * @param sql - the store's database
   * @param streams - the server's open streams
   * @param onError - told of a check that failed (the next change or tick tries again)
   */
  constructor(
    private readonly sql: Sql,
    private readonly streams: OpenStreams,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Listens for changes to accounts and tokens. */
  async start(): Promise<void> {
    this.#stopListening = await this.sql.listen(
      notificationChannels.changes.name,
      (table) => {
        if (table === "tokens" || table === "accounts" || table === "") this.check();
      },
      (listening) => {
        this.#listening = listening;
        // Changes made while nobody listened were not heard: look now.
        if (listening) this.check();
      },
    );
    // One light timer while streams are open: it reads the database only when nothing
    // is heard or the last check is old. An idle server wakes for nothing.
    this.#unwatch = this.streams.watch((size) => this.#time(size > 0));
    this.#time(this.streams.size > 0);
  }

  /** Stops listening. */
  async stop(): Promise<void> {
    this.#unwatch?.();
    this.#time(false);
    await this.#stopListening?.();
    await this.#checking;
  }

  /** Runs the timer while `wanted` (streams are open), and only then. */
  #time(wanted: boolean): void {
    if (!wanted) {
      clearInterval(this.#timer);
      this.#timer = undefined;
      return;
    }
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      const since = performance.now() - this.#lastCheck;
      if (!this.#listening ? since >= unheardCheckMs : since >= safetyCheckMs) this.check();
    }, unheardCheckMs);
    this.#timer.unref();
  }

  /** Reads the open streams' tokens again (one check at a time; one asked for meanwhile follows). */
  check(): void {
    if (this.streams.size === 0) return;
    if (this.#checking) {
      this.#again = true;
      return;
    }
    this.#checking = (async () => {
      do {
        this.#again = false;
        this.#lastCheck = performance.now();
        try {
          await this.#checkOnce();
        } catch (error) {
          this.onError(error);
        }
      } while (this.#again);
    })().finally(() => {
      this.#checking = undefined;
    });
  }

  async #checkOnce(): Promise<void> {
    const keys = this.streams.tokenKeys();
    const states = await readTokenStates(this.sql, keys);
    for (const key of keys) {
      const failure = accessFailure(states.get(key));
      if (failure) this.streams.endForToken(key, failure);
    }
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
