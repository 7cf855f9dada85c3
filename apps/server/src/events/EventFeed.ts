import type { EventType } from "@wsafe/schema";
import type { Sql } from "../store/database/Sql.js";
import type { EventRow } from "./listEventsQuery.js";
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

const columns =
  "id, type, occurred_at::text, cause, equipment_id, equipment_type_id, schedule_id, from_status, to_status, inspection_id, sequence::text";

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
    text: `SELECT ${columns} FROM events
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

interface Subscriber {
  filter: FeedFilter;
  push(event: FeedEvent): void;
}

const matches = (filter: FeedFilter, event: FeedEvent) =>
  (filter.equipmentTypeId === undefined || event.equipment_type_id === filter.equipmentTypeId) &&
  (filter.types.length === 0 || filter.types.includes(event.type));

/**
 * The recorded events of the store as they are recorded, for the streams of one server:
 * one reader per server, woken by the notification each recording commit sends (on every
 * server of a deployment, whichever recorded), reads what came after the last sequence it
 * read and hands each event to the streams that follow its account. Sequences follow
 * commit order (see migration 0004), so reading "after the last sequence" misses nothing.
 */
export class EventFeed {
  readonly #subscribers = new Set<Subscriber>();
  #last = 0;
  #reading: Promise<void> | undefined;
  #again = false;
  #timer: NodeJS.Timeout | undefined;
  /** Events were recorded while no stream was open: the feed's `#last` is behind. */
  #stale = false;
  #stopListening: (() => Promise<void>) | undefined;

  /**
   * @param sql - the store's database
   * @param onError - told of a read that failed (it is tried again)
   */
  constructor(
    private readonly sql: Sql,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts following from the last recorded event. */
  async start(): Promise<void> {
    this.#last = await this.lastSequence();
    this.#stopListening = await this.sql.listen(
      eventsChannel,
      () => {
        if (this.#subscribers.size > 0) this.#read();
        else this.#stale = true;
      },
      (listening) => {
        if (listening && this.#subscribers.size > 0) this.#read();
      },
    );
    // The safety poll runs while a stream is open: an idle server reads nothing (it cost
    // an idle PGlite server 1.5 ms of CPU a second, measured by the bench).
    this.#timer = setInterval(() => {
      if (this.#subscribers.size > 0) this.#read();
    }, safetyPollMs);
    this.#timer.unref();
  }

  /** Stops following; open streams end. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#stopListening?.();
    await this.#reading;
  }

  /** The largest sequence recorded (0 when none). */
  async lastSequence(): Promise<number> {
    const [row] = await this.sql.query<{ last: string | null }>(
      "SELECT max(sequence)::text AS last FROM events",
    );
    return row?.last == null ? 0 : Number(row.last);
  }

  /**
   * The account's events after sequence `after`, in order, then each one recorded from
   * now on, until `signal` aborts: the replay read from the store first (a client that
   * resumes gets what it missed), then the live ones, none twice. The stream is
   * registered before the replay, so an event recorded meanwhile is in one or the other.
   *
   * A reader slower than the events come (it stops reading; its socket is full) is held
   * to `maxBuffered` events: past them the stream drops what it holds and reads on from
   * the store after the last event it yielded, through the account's index. The log is
   * durable, so nothing is lost or repeated, and one stream's memory stays bounded
   * however many events are recorded while its reader sleeps.
   *
   * @param filter - whose and which events
   * @param after - the sequence to go on after
   * @param signal - ends the stream
   * @param options - `maxBuffered` events held for a slow reader; `onBehind` is told when
   *   the stream drops them to read from the store again
   */
  async *follow(
    filter: FeedFilter,
    after: number,
    signal: AbortSignal,
    options: { maxBuffered: number; onBehind?: (dropped: number) => void },
  ): AsyncGenerator<FeedEvent> {
    let queue: FeedEvent[] = [];
    let dropped = 0;
    let wake: (() => void) | undefined;
    const subscriber: Subscriber = {
      filter,
      push(event) {
        // Behind already: the store holds it, the next replay reads it.
        if (dropped > 0) dropped++;
        else if (queue.length >= options.maxBuffered) {
          dropped = queue.length + 1;
          queue = [];
        } else queue.push(event);
        wake?.();
      },
    };
    const onAbort = () => wake?.();
    signal.addEventListener("abort", onAbort);
    // With no stream open the feed did not follow: it starts again from the last event,
    // which this stream's replay (from the store) covers.
    if (this.#subscribers.size === 0 && this.#stale) {
      this.#last = await this.lastSequence();
      this.#stale = false;
    }
    this.#subscribers.add(subscriber);
    try {
      let last = after;
      while (!signal.aborted) {
        // What was pushed until now is either in the store's answer or pushed after it.
        queue = [];
        dropped = 0;
        for (;;) {
          const replay = await this.#readAccount(filter, last);
          for (const event of replay) {
            if (signal.aborted) return;
            last = Number(event.sequence);
            yield event;
          }
          if (replay.length < batch) break;
        }
        while (!signal.aborted && dropped === 0) {
          const event = queue.shift();
          if (!event) {
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
            continue;
          }
          if (Number(event.sequence) <= last) continue;
          last = Number(event.sequence);
          yield event;
        }
        if (dropped > 0) options.onBehind?.(dropped);
      }
    } finally {
      this.#subscribers.delete(subscriber);
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
          for (;;) {
            const rows = await this.sql.query<FeedEvent>(
              `SELECT ${columns}, account_id FROM events WHERE sequence > $1 ORDER BY events.sequence LIMIT ${batch}`,
              [this.#last],
            );
            for (const row of rows) {
              this.#last = Number(row.sequence);
              const accountId = (row as FeedEvent & { account_id: string }).account_id;
              for (const subscriber of this.#subscribers)
                if (subscriber.filter.accountId === accountId && matches(subscriber.filter, row))
                  subscriber.push(row);
            }
            if (rows.length < batch) break;
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
