/** What is kept: an event with its sequence (the feed's `FeedEvent`). */
interface SequencedEvent {
  sequence: string;
}

/**
 * The latest events the feed read of one followed account, in sequence order, shared by
 * every stream of the account on the server: each stream keeps only where it is (the
 * last sequence it sent) and takes what follows from here, so a thousand streams hold
 * one copy of an import's events rather than a thousand queues of it. At most `capacity`
 * are kept; a stream further behind than the oldest kept reads from the store instead.
 */
export class RecentEvents<Event extends SequencedEvent> {
  /** Kept events: `#events[#head..]`, sequences ascending (`#sequences` alike, as numbers). */
  #events: Event[] = [];
  #sequences: number[] = [];
  #head = 0;
  /**
   * Every event of the account after this sequence that the feed read is kept: the
   * sequence it followed the account from, then the last one let go.
   */
  #floor: number;

  /**
   * @param floor - the account's last sequence when the feed began to follow it
   * @param capacity - the most events kept
   */
  constructor(
    floor: number,
    readonly capacity: number,
  ) {
    this.#floor = floor;
  }

  /** A stream that sent up to `sequence` finds every later event read so far here. */
  covers(sequence: number): boolean {
    return sequence >= this.#floor;
  }

  /** The feed read `event` (each after the last appended): kept, the oldest let go past the capacity. */
  append(event: Event): void {
    this.#events.push(event);
    this.#sequences.push(Number(event.sequence));
    if (this.#events.length - this.#head > this.capacity) {
      this.#floor = this.#sequences[this.#head]!;
      // Let go by moving the head; the arrays are cut once half of them is let go.
      this.#head++;
      if (this.#head * 2 >= this.#events.length) {
        this.#events = this.#events.slice(this.#head);
        this.#sequences = this.#sequences.slice(this.#head);
        this.#head = 0;
      }
    }
  }

  /**
   * Up to `most` kept events after `sequence`, in order (none when there are none yet).
   * Call only when {@link covers} says so.
   */
  after(sequence: number, most: number): Event[] {
    // The first kept sequence above `sequence`, by halving.
    let low = this.#head;
    let high = this.#sequences.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#sequences[middle]! <= sequence) low = middle + 1;
      else high = middle;
    }
    return this.#events.slice(low, Math.min(low + most, this.#events.length));
  }
}
