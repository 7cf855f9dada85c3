import type { NotificationChannel } from "../store/database/notificationChannels.js";
import type { Sql } from "../store/database/Sql.js";
import { OutageBackoff, type OutageLog } from "./OutageBackoff.js";
import { Wakeup } from "./Wakeup.js";

/**
 * Why a round runs: `notified` (a notification on a channel, or a channel heard again
 * after its connection was lost, so what was announced meanwhile was missed; the first
 * round too, since nothing was heard before it), `due` (the time the last round answered
 * came, or a poll of the loop's) or `woken` (its owner's {@link NotifiedLoop.wake}).
 */
export type RoundCause = "notified" | "due" | "woken";

/**
 * A loop's work, run each time it wakes; answers in how many ms it is due again
 * (`Infinity`: nothing is due that it knows of, only the loop's polls apply) or
 * `undefined`: nothing to watch, sleep with no timer at all until notified or woken. A
 * round that throws is tried again after the outage's backoff.
 */
export type LoopRound = (cause: RoundCause) => Promise<number | undefined>;

/** What a {@link NotifiedLoop} does, and how it waits. */
export interface NotifiedLoopOptions {
  /** What pauses while the database fails, for the log's lines: "webhook deliveries". */
  name: string;
  /** The channels whose notifications wake it (none: only time and its owner do). */
  channels: readonly Pick<NotificationChannel, "name">[];
  /** The work of one wake-up. */
  round: LoopRound;
  /** Where the outage's two lines go (and a `debug` line a failure, if it has one). */
  log: OutageLog;
  /** Whether a notification's payload concerns it (default: every one does). */
  heard?: (payload: string) => boolean;
  /**
   * The longest sleep while its channels are heard: a bound for a notification lost on a
   * connection that looks fine (a lost connection says so). Default: none.
   */
  safetyPollMs?: number;
  /** The longest sleep while a channel is not heard (its connection lost); default {@link safetyPollMs}. */
  deafPollMs?: number;
}

/**
 * One background loop of a server, woken by notifications: it listens on its channels,
 * runs a round, sleeps until the time the round answered or until notified (a
 * notification that comes while a round runs is kept: the next round follows at once,
 * since the one under way may not have seen its rows), and backs off while the database
 * fails, logging once when it starts failing and once when it answers again
 * ({@link OutageBackoff}). An idle loop holds no timer unless its round answered a time:
 * an idle server sleeps. Its stop interrupts the sleep, waits for the round under way,
 * and stops listening; it always ends.
 *
 * @example
 * const loop = new NotifiedLoop(sql, {
 *   name: "recording events",
 *   channels: [notificationChannels.schedules],
 *   round: async () => recordDue(), // ms until the next date
 *   log,
 * });
 * await loop.start();
 * await loop.stop();
 */
export class NotifiedLoop {
  readonly #wakeup = new Wakeup();
  readonly #outage: OutageBackoff;
  readonly #unlisten: (() => Promise<void>)[] = [];
  /** The channels not heard now: their connection is lost. */
  readonly #deaf = new Set<string>();
  #notified = true;
  #woken = false;
  /** The sleep under way must measure its bound again: a channel's state changed. */
  #remeasure = false;
  #inRound = false;
  #running: Promise<void> | undefined;
  #round: Promise<unknown> | undefined;
  #stopping: Promise<void> | undefined;
  #heldUntil = 0;
  #heldTimer: NodeJS.Timeout | undefined;

  /**
   * @param sql - the store's database, whose `listen` it uses
   * @param options - its channels, its round and its pacing
   */
  constructor(
    private readonly sql: Sql,
    private readonly options: NotifiedLoopOptions,
  ) {
    this.#outage = new OutageBackoff(options.log, options.name);
  }

  /** Whether it is stopping or stopped: a long round stops between two of its steps. */
  get stopped(): boolean {
    return this.#stopping !== undefined;
  }

  /**
   * Listens on its channels, then starts its first round; resolves once it listens.
   * A channel it cannot listen on fails the start, and the channels listened to before
   * it are let go.
   */
  async start(): Promise<void> {
    try {
      for (const { name } of this.options.channels)
        this.#unlisten.push(
          await this.sql.listen(
            name,
            (payload) => {
              if (this.options.heard?.(payload) ?? true) this.#heard();
            },
            (listening) => this.#listening(name, listening),
          ),
        );
    } catch (error) {
      await this.#unlistenAll();
      throw error;
    }
    // Stopped while it listened: its stop found nothing to let go yet.
    if (this.stopped) return this.#unlistenAll();
    this.#running = this.#run();
  }

  /** Resolves once no round runs: the one under way, if any, has ended. */
  async idle(): Promise<void> {
    await this.#round;
  }

  /** Runs a round now, or right after the one under way; no-op once stopping. */
  wake(): void {
    if (this.stopped) return;
    this.#woken = true;
    this.#wakeup.wake();
  }

  /**
   * For the next `ms`, a notification wakes it only once they are over (the notifications
   * that come meanwhile make one round then): what its owner's round found waits on
   * work under way, which wakes it itself when done. `0` lifts the hold.
   *
   * @param ms - how long, from now
   */
  holdNotifications(ms: number): void {
    this.#heldUntil = ms > 0 ? performance.now() + ms : 0;
  }

  /** Stops: interrupts the sleep, waits for the round under way, stops listening. Idempotent. */
  stop(): Promise<void> {
    this.#stopping ??= (async () => {
      clearTimeout(this.#heldTimer);
      this.#wakeup.interrupt();
      await this.#running;
      await this.#unlistenAll();
    })();
    return this.#stopping;
  }

  async #run(): Promise<void> {
    while (!this.stopped) {
      const cause: RoundCause = this.#notified ? "notified" : this.#woken ? "woken" : "due";
      this.#notified = false;
      this.#woken = false;
      this.#remeasure = false;
      this.#wakeup.clear();
      let next: number | undefined;
      let wakeable = true;
      this.#inRound = true;
      const round = this.options.round(cause);
      this.#round = round.catch(() => {});
      try {
        next = await round;
        this.#outage.over();
      } catch (error) {
        next = this.#outage.failed(error);
        wakeable = false;
      } finally {
        this.#inRound = false;
      }
      if (this.#notified) this.#heard();
      if (wakeable) await this.#sleep(next);
      else await this.#wakeup.sleep(next, false);
    }
  }

  /**
   * Sleeps until `ms` from now (`undefined`: no timer), within the poll bound of the
   * channels' state, or until woken or notified; measured again when a channel's state
   * changes during it.
   */
  async #sleep(ms: number | undefined): Promise<void> {
    const until = ms === undefined ? undefined : performance.now() + ms;
    for (;;) {
      const poll =
        this.#deaf.size > 0
          ? (this.options.deafPollMs ?? this.options.safetyPollMs)
          : this.options.safetyPollMs;
      const left = until === undefined ? undefined : Math.min(until - performance.now(), poll ?? Infinity);
      if (left !== undefined && left <= 0) return;
      await this.#wakeup.sleep(left === Infinity ? undefined : left);
      if (!this.#remeasure || this.#notified || this.#woken || this.stopped) return;
      this.#remeasure = false;
      this.#wakeup.clear();
    }
  }

  /** A notification: a round now, after the one under way, or once the hold is over. */
  #heard(): void {
    if (this.stopped) return;
    this.#notified = true;
    // Whether it waits depends on what the round under way finds.
    if (this.#inRound) return;
    const wait = this.#heldUntil - performance.now();
    if (wait > 0) {
      this.#heldTimer ??= setTimeout(() => {
        this.#heldTimer = undefined;
        this.#heard();
      }, wait);
      return;
    }
    clearTimeout(this.#heldTimer);
    this.#heldTimer = undefined;
    this.#wakeup.wake();
  }

  /**
   * A channel's connection was lost (its sleeps bound by the deaf poll from now) or
   * listens again (what was announced meanwhile was not heard: a round now).
   */
  #listening(channel: string, listening: boolean): void {
    if (this.stopped) return;
    if (listening) {
      this.#deaf.delete(channel);
      this.#notified = true;
      if (!this.#inRound) this.#wakeup.wake();
      return;
    }
    this.#deaf.add(channel);
    // A round under way measures its sleep by the new state anyway.
    if (this.#inRound) return;
    this.#remeasure = true;
    this.#wakeup.wake();
  }

  async #unlistenAll(): Promise<void> {
    for (const unlisten of this.#unlisten.splice(0)) await unlisten();
  }
}
