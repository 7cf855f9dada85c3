import { RecentEvents } from "./RecentEvents.js";

/** What is kept of an account: an event with its sequence (the feed's `FeedEvent`). */
interface SequencedEvent {
  sequence: string;
}

/**
 * One stream of a followed account, as the feed sees it: where it is, whether it takes
 * from memory, and whether it waits for the feed or is away writing what it took.
 */
export class FeedSubscriber {
  /** The last sequence it sent (it goes on after it). */
  position: number;
  /** It takes from the account's kept events, which are kept for it from its place on. */
  attached = false;
  /** It took everything kept and sleeps until the feed reads more. */
  waiting = false;
  /** Its stream is writing what it took last: until it asks again, its reader may have stopped. */
  out = false;
  #resolve: (() => void) | undefined;
  #woken = false;

  /**
   * @param position - the sequence it goes on after
   * @param onBehind - told when it stops taking from memory: it was the given number of
   *   kept events behind, and reads on from the store
   */
  constructor(
    position: number,
    readonly onBehind: (events: number) => void,
  ) {
    this.position = position;
  }

  /** Sleeps until woken (at once when woken meanwhile). */
  sleep(): Promise<void> {
    if (this.#woken) {
      this.#woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }

  /** Ends its sleep, or the next one. */
  wake(): void {
    const resolve = this.#resolve;
    this.#resolve = undefined;
    if (resolve) resolve();
    else this.#woken = true;
  }
}

/**
 * An account the feed follows for the streams open on it: the last sequence the feed
 * read, whether more may be recorded after it, the streams, and the events some of them
 * have yet to take. Events are kept from the place of the slowest stream that takes from
 * memory on, at most `capacity`; a stream whose reader stopped (its last batch not yet
 * written) pins at most `stalledBound` of them: further behind, it is let go of and reads
 * on from the store once its reader reads again. So a stalled stream costs the server a
 * bounded amount however much is recorded, and a fast one does not wait for it.
 */
export class FollowedAccount<Event extends SequencedEvent> {
  /** The last sequence the feed read. */
  last: number;
  /** Events may be recorded after `last` that the feed has not read. */
  unread = true;
  readonly recent: RecentEvents<Event>;
  readonly subscribers = new Set<FeedSubscriber>();
  #attached = 0;
  #waiting = 0;

  /**
   * @param floor - the account's last sequence when the feed began to follow it
   * @param capacity - the most events kept for the account's streams
   * @param stalledBound - the most kept events a stream away writing may be behind
   */
  constructor(
    floor: number,
    capacity: number,
    readonly stalledBound: number,
  ) {
    this.last = floor;
    this.recent = new RecentEvents(floor, capacity);
  }

  /** The feed should read the account: more may be recorded, and a stream waits for it. */
  get wanted(): boolean {
    return this.unread && this.#waiting > 0;
  }

  /** A stream from its place on, if kept events cover it; `false` when it must read from the store. */
  attach(subscriber: FeedSubscriber): boolean {
    if (!this.recent.covers(subscriber.position)) {
      this.#detach(subscriber, this.recent.capacity);
      return false;
    }
    if (!subscriber.attached) {
      subscriber.attached = true;
      this.#attached++;
    }
    return true;
  }

  /** The stream took everything kept: it waits for the feed, and what every stream took is let go. */
  park(subscriber: FeedSubscriber): void {
    if (subscriber.waiting) return;
    subscriber.waiting = true;
    this.#waiting++;
    if (this.#waiting === this.#attached) this.recent.letGoThrough(this.last);
  }

  /** The feed read these events of the account (in order): kept for its streams, which are woken. */
  received(events: readonly Event[]): void {
    for (const event of events) {
      this.recent.append(event);
      this.last = Number(event.sequence);
    }
    this.settle();
    for (const subscriber of this.subscribers) {
      if (!subscriber.waiting) continue;
      subscriber.waiting = false;
      this.#waiting--;
      subscriber.wake();
    }
  }

  /** The stream ended. */
  leave(subscriber: FeedSubscriber): void {
    if (!this.subscribers.delete(subscriber)) return;
    if (subscriber.waiting) this.#waiting--;
    if (subscriber.attached) this.#attached--;
    this.settle();
  }

  /**
   * Keeps events from the place of the slowest stream that takes from memory on, past
   * streams away writing more than `stalledBound` behind; a stream whose place is let
   * go of is told, at once, even while its reader takes nothing.
   */
  settle(): void {
    let keepAfter = this.last;
    const passed = new Set<FeedSubscriber>();
    for (const subscriber of this.subscribers) {
      if (!subscriber.attached) continue;
      if (subscriber.out && this.recent.countAfter(subscriber.position) > this.stalledBound) {
        passed.add(subscriber);
        continue;
      }
      keepAfter = Math.min(keepAfter, subscriber.position);
    }
    this.recent.letGoThrough(keepAfter);
    for (const subscriber of this.subscribers)
      if (subscriber.attached && !this.recent.covers(subscriber.position))
        this.#detach(subscriber, passed.has(subscriber) ? this.stalledBound : this.recent.capacity);
  }

  #detach(subscriber: FeedSubscriber, behind: number): void {
    if (!subscriber.attached) return;
    subscriber.attached = false;
    this.#attached--;
    if (subscriber.waiting) {
      // It goes on from the store.
      subscriber.waiting = false;
      this.#waiting--;
      subscriber.wake();
    }
    subscriber.onBehind(behind);
  }
}
