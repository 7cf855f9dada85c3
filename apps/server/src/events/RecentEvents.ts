/** What is kept: an event with its sequence (the feed's `FeedEvent`). */
interface SequencedEvent {
  sequence: string;
}

/**
 * The events the feed read of one followed account that some of its streams on the
 * server have yet to take, in sequence order, shared by all of them: each stream keeps
 * only where it is (the last sequence it sent) and takes what follows from here, so a
 * thousand streams hold one copy of an import's events rather than a thousand queues of
 * it. The feed lets go of what every stream took ({@link letGoThrough}), and at most
 * `capacity` are kept; a stream further behind than the oldest kept reads from the store
 * instead.
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
  /** The last sequence read: the newest kept, or the floor when none is. */
  #newest: number;

  /**
   * @param floor - the account's last sequence when the feed began to follow it
   * @param capacity - the most events kept
   */
  constructor(
    floor: number,
    readonly capacity: number,
  ) {
    this.#floor = floor;
    this.#newest = floor;
  }

  /** How many events are kept. */
  get size(): number {
    return this.#events.length - this.#head;
  }

  /** A stream that sent up to `sequence` finds every later event read so far here. */
  covers(sequence: number): boolean {
    return sequence >= this.#floor;
  }

  /** The feed read `event` (each after the last appended): kept, the oldest let go past the capacity. */
  append(event: Event): void {
    this.#events.push(event);
    this.#sequences.push(Number(event.sequence));
    this.#newest = Number(event.sequence);
    if (this.size > this.capacity) this.#letGo(this.#head + 1);
  }

  /**
   * Lets go of the kept events up to `sequence` (never past the newest read): every
   * stream still taken from here is at or after it.
   */
  letGoThrough(sequence: number): void {
    const through = Math.min(sequence, this.#newest);
    if (through <= this.#floor) return;
    this.#letGo(this.#firstAfter(through));
    this.#floor = through;
  }

  /** How many kept events follow `sequence`. */
  countAfter(sequence: number): number {
    return this.#events.length - this.#firstAfter(sequence);
  }

  /**
   * Up to `most` kept events after `sequence`, in order (none when there are none yet).
   * Call only when {@link covers} says so.
   */
  after(sequence: number, most: number): Event[] {
    const first = this.#firstAfter(sequence);
    return this.#events.slice(first, Math.min(first + most, this.#events.length));
  }

  /** The index of the first kept sequence above `sequence`, by halving. */
  #firstAfter(sequence: number): number {
    let low = this.#head;
    let high = this.#sequences.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.#sequences[middle] ?? 0) <= sequence) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Lets go of the kept events before index `index`; the floor moves to the last of them. */
  #letGo(index: number): void {
    if (index <= this.#head) return;
    this.#floor = this.#sequences[index - 1] ?? this.#floor;
    // Let go by moving the head; the arrays are cut once half of them is let go.
    this.#head = index;
    if (this.#head * 2 >= this.#events.length) {
      this.#events = this.#events.slice(this.#head);
      this.#sequences = this.#sequences.slice(this.#head);
      this.#head = 0;
    }
  }
}
