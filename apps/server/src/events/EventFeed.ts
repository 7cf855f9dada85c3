import type { EventType } from "@wsafe/schema";
import type { Sql } from "../store/database/Sql.js";
import { type EventRow, eventRowSelect } from "./eventRowSql.js";
import { RecentEvents } from "./RecentEvents.js";
import { eventsChannel } from "./recordTimeEvents.js";

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
              AND (cardinality($4::text[]) = 0 OR type = ANY($4::text[]))
            ORDER BY events.sequence LIMIT ${limit}`,
    params: [filter.accountId, after, filter.equipmentTypeId ?? null, filter.types],
  };
}

/** Events per read, replaying or following. */
const batch = 500;

/** How often the feed looks without being told: a notification lost with its connection. */
const safetyPollMs = 2000;

/** A stream of the feed: woken when its account's events were read, or it must end. */
interface Subscriber {
  wake(): void;
}

/** An account the feed follows: its last sequence read, its streams, its latest events. */
interface FollowedAccount {
  last: number;
  subscribers: Set<Subscriber>;
  recent: RecentEvents<FeedEvent>;
}

/**
 * The most events a stream takes from memory at once: one write of about 50 kB, which a
 * slow reader's connection holds until it drains (1 000 took 1.5 GiB with 1 000 streams).
 */
const takenAtMost = 128;

const matches = (filter: FeedFilter, event: FeedEvent) =>
  (filter.equipmentTypeId === undefined || event.equipment_type_id === filter.equipmentTypeId) &&
  (filter.types.length === 0 || filter.types.includes(event.type));

/**
 * The recorded events of the store as they are recorded, for the streams of one server:
 * one reader per server, woken by the notification each recording commit sends (on every
 * server of a deployment, whichever recorded), reads what each followed account recorded
 * after the last sequence it read of that account and hands each event to the streams
 * that follow it. Sequences follow commit order within an account, not across accounts
 * (two accounts' writers draw them at once, migration 0009), so the feed keeps a last
 * sequence per account: "after the largest sequence seen" would pass over an event of
 * one account drawn before another's and committed after it.
 */
export class EventFeed {
  /** Each followed account's last sequence read, and the streams that follow it. */
  readonly #accounts = new Map<string, FollowedAccount>();
  #subscriberCount = 0;
  #reading: Promise<void> | undefined;
  #again = false;
  #timer: NodeJS.Timeout | undefined;
  #stopListening: (() => Promise<void>) | undefined;

  /**
   * @param sql - the store's database
   * @param onError - told of a read that failed (it is tried again)
   */
  constructor(
    private readonly sql: Sql,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts following: each account from its last recorded event, once a stream follows it. */
  async start(): Promise<void> {
    this.#stopListening = await this.sql.listen(
      eventsChannel,
      () => {
        if (this.#subscriberCount > 0) this.#read();
      },
      (listening) => {
        if (listening && this.#subscriberCount > 0) this.#read();
      },
    );
    // The safety poll runs while a stream is open: an idle server reads nothing (it cost
    // an idle PGlite server 1.5 ms of CPU a second, measured by the bench).
    this.#timer = setInterval(() => {
      if (this.#subscriberCount > 0) this.#read();
    }, safetyPollMs);
    this.#timer.unref();
  }

  /** Stops following; open streams end. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#stopListening?.();
    await this.#reading;
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
   * finds after where it is, in the account's latest events the feed keeps in memory for
   * all its streams (`RecentEvents`: every stream gets the same event objects, so a frame
   * made of one serves the next stream), or, when it is further behind than those (it
   * resumes from long ago, or its reader took nothing while more than `maxBuffered`
   * events were recorded), read from the store after the last event it got, through the
   * account's index. The log is durable, so nothing is lost or repeated, and a stream
   * holds no events of its own, however slow its reader.
   *
   * @param filter - whose and which events
   * @param after - the sequence to go on after
   * @param signal - ends the stream
   * @param options - `maxBuffered`: the account's latest events kept in memory (the first
   *   stream of an account sets it); `onBehind` is told when the stream falls behind them
   *   and reads from the store again
   */
  async *followBatches(
    filter: FeedFilter,
    after: number,
    signal: AbortSignal,
    options: { maxBuffered: number; onBehind?: (dropped: number) => void },
  ): AsyncGenerator<readonly FeedEvent[]> {
    let woken = false;
    let wake: (() => void) | undefined;
    let last = after;
    /** Whether the stream takes from memory (it is told once when it falls out of it). */
    let inMemory = false;
    let account: FollowedAccount | undefined;
    const fellBehind = () => {
      if (inMemory && account && !account.recent.covers(last)) {
        inMemory = false;
        options.onBehind?.(account.recent.capacity);
      }
    };
    const subscriber: Subscriber = {
      wake() {
        // Said as soon as the feed lets go of what the stream had yet to take, even while
        // its reader takes nothing.
        fellBehind();
        woken = true;
        wake?.();
      },
    };
    // An end only wakes the stream: it is not a sign of having fallen behind.
    const onAbort = () => {
      woken = true;
      wake?.();
    };
    signal.addEventListener("abort", onAbort);
    // An account no stream followed: the feed follows it from its last event, read before
    // the stream takes anything (what came before is in the store).
    // (Read first, then registered with no wait between: a read of the feed meanwhile
    // leaves an account it does not follow yet alone.)
    const floor = this.#accounts.has(filter.accountId) ? 0 : await this.lastSequence(filter.accountId);
    account = this.#accounts.get(filter.accountId);
    if (!account) {
      account = { last: floor, subscribers: new Set(), recent: new RecentEvents(floor, options.maxBuffered) };
      this.#accounts.set(filter.accountId, account);
    }
    account.subscribers.add(subscriber);
    this.#subscriberCount++;
    const everything = filter.equipmentTypeId === undefined && filter.types.length === 0;
    const followed = account;
    try {
      while (!signal.aborted) {
        woken = false;
        if (!followed.recent.covers(last)) {
          fellBehind();
          // Every event up to what the feed has read was committed before this read
          // (an account's sequences follow its commits): a short read saw all of them.
          const readByFeed = followed.last;
          const replay = await this.#readAccount(filter, last);
          if (signal.aborted) return;
          if (replay.length > 0) {
            last = Number(replay[replay.length - 1]!.sequence);
            yield replay;
          }
          // Past the events this stream's filter leaves out too, into what memory keeps.
          if (replay.length < batch) last = Math.max(last, readByFeed);
          continue;
        }
        inMemory = true;
        const taken = followed.recent.after(last, takenAtMost);
        if (taken.length === 0) {
          if (!woken)
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
          wake = undefined;
          continue;
        }
        last = Number(taken[taken.length - 1]!.sequence);
        const wanted = everything ? taken : taken.filter((event) => matches(filter, event));
        if (wanted.length > 0) yield wanted;
      }
    } finally {
      this.#subscriberCount--;
      followed.subscribers.delete(subscriber);
      if (followed.subscribers.size === 0) this.#accounts.delete(filter.accountId);
      signal.removeEventListener("abort", onAbort);
    }
  }

  /** Up to a batch of the account's events after `after`, through its (account, sequence) index. */
  #readAccount(filter: FeedFilter, after: number): Promise<FeedEvent[]> {
    const { text, params } = accountEventsQuery(filter, after, batch);
    return this.sql.query<FeedEvent>(text, params);
  }

  /** Reads what was recorded since the last read, once at a time; a read asked for meanwhile follows it. */
  #read(): void {
    if (this.#reading) {
      this.#again = true;
      return;
    }
    this.#reading = (async () => {
      do {
        this.#again = false;
        try {
          let more = true;
          while (more && this.#accounts.size > 0) {
            more = false;
            const ids = [...this.#accounts.keys()];
            const rows = await this.sql.query<FeedEvent & { account_id: string }>(
              `SELECT a.account_id, e.* FROM unnest($1::text[], $2::bigint[]) AS a (account_id, last)
               CROSS JOIN LATERAL (
                 SELECT ${eventRowSelect()} FROM events
                  WHERE events.account_id = a.account_id AND events.sequence > a.last
                  ORDER BY events.sequence LIMIT ${batch}
               ) e`,
              [ids, ids.map((id) => this.#accounts.get(id)!.last)],
            );
            const read = new Map<string, number>();
            for (const row of rows) {
              const account = this.#accounts.get(row.account_id);
              read.set(row.account_id, (read.get(row.account_id) ?? 0) + 1);
              // The account's streams all ended during the read, or a newer read went past it.
              if (!account || Number(row.sequence) <= account.last) continue;
              account.last = Number(row.sequence);
              // The account's id off the row: every stream's frame is made of the event alone.
              const { account_id: _accountId, ...event } = row;
              account.recent.append(event);
            }
            for (const [accountId, count] of read) {
              if (count === batch) more = true;
              for (const subscriber of this.#accounts.get(accountId)?.subscribers ?? []) subscriber.wake();
            }
          }
        } catch (error) {
          this.onError(error);
        }
      } while (this.#again);
    })().finally(() => {
      this.#reading = undefined;
    });
  }
}
