import type { EventType } from "@wsafe/schema";
import { NotifiedLoop, type RoundCause } from "../background/NotifiedLoop.js";
import type { OutageLog } from "../background/OutageBackoff.js";
import { notificationChannels } from "../store/database/notificationChannels.js";
import type { Sql } from "../store/database/Sql.js";
import { type EventRow, eventRowSelect } from "./eventRowSql.js";
import { FeedSubscriber, FollowedAccount } from "./FollowedAccount.js";
import { typesWanted } from "./typesWanted.js";

/** What one stream follows. */
export interface FeedFilter {
  accountId: string;
  equipmentTypeId?: string | undefined;
  /** Empty: every type. */
  types: readonly EventType[];
}

/** A recorded event as the feed reads it: its row and its sequence. */
export type FeedEvent = EventRow & { sequence: string };

/**
 * The statement that reads one account's events after a sequence, in recording order:
 * a range of the `(account_id, sequence)` index, whatever the other tenants recorded.
 * (`ORDER BY events.sequence`: the bare name would be the selected `sequence::text`.)
 *
 * @param filter - whose and which events
 * @param after - the sequence to read after
 * @param limit - how many at most
 */
export function accountEventsQuery(filter: FeedFilter, after: number, limit: number) {
  return {
    text: `SELECT ${eventRowSelect()} FROM events
            WHERE account_id = $1 AND sequence > $2
              AND ($3::text IS NULL OR equipment_type_id = $3)
              AND type = ANY($4::text[])
            ORDER BY events.sequence LIMIT ${limit}`,
    params: [filter.accountId, after, filter.equipmentTypeId ?? null, typesWanted(filter.types)],
  };
}

/** Events per read, replaying or following. */
const batch = 500;

/** How often the feed looks without being told, while a stream is open: a notification lost with its connection. */
const safetyPollMs = 2000;

/**
 * The most events a stream takes from memory at once: one write of about 50 kB, which a
 * slow reader's connection holds until it drains (1 000 took 1.5 GiB with 1 000 streams).
 */
const takenAtMost = 128;

/**
 * The most kept events a stream whose reader stopped (its last write not drained) keeps
 * in memory behind the account's other streams: about 0.8 MB at about 800 bytes an event.
 * Further behind, it reads on from the store once its reader reads again.
 */
const stalledAtMost = 1_000;

/** What the feed reads of an account: every stream's events, the account's id off each row. */
type Followed = FollowedAccount<FeedEvent>;

const matches = (filter: FeedFilter, event: FeedEvent) =>
  (filter.equipmentTypeId === undefined || event.equipment_type_id === filter.equipmentTypeId) &&
  typesWanted(filter.types).includes(event.type);

/**
 * The recorded events of the store as they are recorded, for the streams of one server:
 * one reader per server, woken by the notification each recording commit sends (on every
 * server of a deployment, whichever recorded), reads what a followed account recorded
 * after the last sequence it read of that account and hands it to the account's streams.
 * It reads an account only when one of its streams has taken everything read so far and
 * waits for more, a batch at a time: a stream whose reader stopped asks for nothing, so
 * nothing is read or kept for it, and the feed never runs further ahead of the fastest
 * stream than one batch. Sequences follow commit order within an account, not across
 * accounts (two accounts' writers draw them at once, migration 0009), so the feed keeps a
 * last sequence per account: "after the largest sequence seen" would pass over an event
 * of one account drawn before another's and committed after it.
 */
export class EventFeed {
  /** Each followed account's last sequence read, its streams and what they have yet to take. */
  readonly #accounts = new Map<string, Followed>();
  #subscriberCount = 0;
  readonly #loop: NotifiedLoop;

  /**
   * @param sql - the store's database
   * @param log - told once when reading starts failing (it is tried again, less and less
   *   often) and once when it works again
   */
  constructor(
    private readonly sql: Sql,
    log: OutageLog,
  ) {
    this.#loop = new NotifiedLoop(sql, {
      name: "reading recorded events for the open streams",
      channels: [notificationChannels.events],
      round: (cause) => this.#read(cause),
      log,
    });
  }

  /** Starts following: each account from its last recorded event, once a stream follows it. */
  start(): Promise<void> {
    return this.#loop.start();
  }

  /** Stops following; open streams end. */
  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /**
   * The largest sequence of the account's recorded events (0 when none): every event it
   * records from now on comes after it (within an account, sequences follow commit order).
   *
   * @param accountId - whose events
   */
  async lastSequence(accountId: string): Promise<number> {
    const [row] = await this.sql.query<{ last: string | null }>(
      "SELECT max(sequence)::text AS last FROM events WHERE account_id = $1",
      [accountId],
    );
    return row?.last == null ? 0 : Number(row.last);
  }

  /**
   * The account's events after sequence `after`, in order, then each one recorded from
   * now on, until `signal` aborts, none twice. They come in batches: what the stream
   * finds after where it is in the events the feed read for the account's streams
   * (`FollowedAccount`: every stream gets the same event objects, so a frame made of one
   * serves the next stream), or, when it is further behind than those (it resumes from
   * long ago, it fell more than `maxBuffered` behind, or its reader stopped while other
   * streams went on), read from the store after the last event it got, through the
   * account's index. The log is durable, so nothing is lost or repeated, and a stream
   * holds a bounded number of events, however slow its reader.
   *
   * @param filter - whose and which events
   * @param after - the sequence to go on after
   * @param signal - ends the stream
   * @param options - `maxBuffered`: the most events kept for the account's streams (the
   *   first stream of an account sets it); `onBehind` is told when the stream stops
   *   taking from memory, with how many events behind it was, and reads from the store
   */
  async *followBatches(
    filter: FeedFilter,
    after: number,
    signal: AbortSignal,
    options: { maxBuffered: number; onBehind?: (behind: number) => void },
  ): AsyncGenerator<readonly FeedEvent[]> {
    const subscriber = new FeedSubscriber(after, (behind) => options.onBehind?.(behind));
    const account = await this.#follow(filter.accountId, options.maxBuffered, subscriber);
    const onAbort = () => subscriber.wake();
    signal.addEventListener("abort", onAbort);
    // Record events reach only a stream that names them: one that names no type filters too.
    const everything = false;
    try {
      while (!signal.aborted) {
        if (!account.attach(subscriber)) {
          // Every event up to what the feed has read was committed before this read
          // (an account's sequences follow its commits): a short read saw all of them.
          const readByFeed = account.last;
          const replay = await this.#readAccount(filter, subscriber.position);
          if (signal.aborted) return;
          if (replay.length > 0) {
            subscriber.position = Number(replay[replay.length - 1]?.sequence);
            yield replay;
          }
          // Past the events this stream's filter leaves out too, into what memory keeps.
          if (replay.length < batch) subscriber.position = Math.max(subscriber.position, readByFeed);
          continue;
        }
        const taken = account.recent.after(subscriber.position, takenAtMost);
        const newest = taken[taken.length - 1];
        if (newest === undefined) {
          account.park(subscriber);
          if (account.wanted) this.#loop.wake();
          await subscriber.sleep();
          continue;
        }
        subscriber.position = Number(newest.sequence);
        const wanted = everything ? taken : taken.filter((event) => matches(filter, event));
        if (wanted.length === 0) continue;
        subscriber.out = true;
        yield wanted;
        subscriber.out = false;
      }
    } finally {
      signal.removeEventListener("abort", onAbort);
      this.#unfollow(filter.accountId, account, subscriber);
    }
  }

  /**
   * Adds a stream to its account, following the account from its last event when no
   * stream did: read before the stream is added, with no wait between, so that a read
   * of the feed meanwhile leaves an account it does not follow yet alone (what came
   * before is in the store; what came after, the stream's first wait reads).
   */
  async #follow(accountId: string, capacity: number, subscriber: FeedSubscriber): Promise<Followed> {
    const floor = this.#accounts.has(accountId) ? 0 : await this.lastSequence(accountId);
    let account = this.#accounts.get(accountId);
    if (!account) {
      account = new FollowedAccount(floor, capacity, Math.min(capacity, stalledAtMost));
      this.#accounts.set(accountId, account);
    }
    account.subscribers.add(subscriber);
    // The safety poll runs while a stream is open (the next round answers it): an idle
    // server reads nothing and wakes for nothing.
    if (this.#subscriberCount++ === 0) this.#loop.wake();
    return account;
  }

  /** Takes a stream that ended off its account, and the account off the feed once no stream follows it. */
  #unfollow(accountId: string, account: Followed, subscriber: FeedSubscriber): void {
    account.leave(subscriber);
    if (account.subscribers.size === 0 && this.#accounts.get(accountId) === account)
      this.#accounts.delete(accountId);
    this.#subscriberCount--;
  }

  /** Up to a batch of the account's events after `after`, through its (account, sequence) index. */
  #readAccount(filter: FeedFilter, after: number): Promise<FeedEvent[]> {
    const { text, params } = accountEventsQuery(filter, after, batch);
    return this.sql.query<FeedEvent>(text, params);
  }

  /**
   * One round of the loop: reads, for every followed account a stream waits for, up to a
   * batch of what it recorded after the last sequence read of it (notified, or at the
   * safety poll, every followed account may have more; woken, a stream asks). An account
   * whose batch came full is read again when one of its streams has taken it all.
   * Answers the safety poll while a stream is open, else nothing: no timer.
   */
  async #read(cause: RoundCause): Promise<number | undefined> {
    if (cause !== "woken") for (const account of this.#accounts.values()) account.unread = true;
    const wanted = [...this.#accounts].filter(([, account]) => account.wanted);
    if (wanted.length > 0) {
      // Cleared before the read: a notification meanwhile asks for another.
      for (const [, account] of wanted) account.unread = false;
      try {
        const rows = await this.sql.query<FeedEvent & { account_id: string }>(
          `SELECT a.account_id, e.* FROM unnest($1::text[], $2::bigint[]) AS a (account_id, last)
           CROSS JOIN LATERAL (
             SELECT ${eventRowSelect()} FROM events
              WHERE events.account_id = a.account_id AND events.sequence > a.last
              ORDER BY events.sequence LIMIT ${batch}
           ) e`,
          [wanted.map(([id]) => id), wanted.map(([, account]) => account.last)],
        );
        this.#hand(wanted, rows);
      } catch (error) {
        for (const [, account] of wanted) account.unread = true;
        throw error;
      }
    }
    return this.#subscriberCount > 0 ? safetyPollMs : undefined;
  }

  /** Hands each account read its new rows (in order), the account's id taken off each. */
  #hand(read: readonly [string, Followed][], rows: readonly (FeedEvent & { account_id: string })[]): void {
    const byAccount = new Map<string, FeedEvent[]>();
    for (const { account_id: accountId, ...event } of rows) {
      const list = byAccount.get(accountId) ?? [];
      list.push(event);
      byAccount.set(accountId, list);
    }
    for (const [accountId, account] of read) {
      const events = byAccount.get(accountId) ?? [];
      if (events.length === batch) account.unread = true;
      // The account's streams all ended during the read, or a stream came back to it.
      if (this.#accounts.get(accountId) !== account) continue;
      const fresh = events.filter((event) => Number(event.sequence) > account.last);
      if (fresh.length > 0) account.received(fresh);
    }
  }
}
