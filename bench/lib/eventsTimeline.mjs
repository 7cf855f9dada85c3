// The instants of workload 8 (events): one store holds 30 days of recorded transitions
// behind the reference instant and 30 days of expected ones ahead of it.

export const DAY = 86_400_000;

/**
 * The timeline of the events workload, from the instant it starts (`reference`, whole
 * seconds): the store's event clock is set back to `importAt`, 30 days earlier, as if the
 * store had been made then; the dataset is dated around `importAt` and imported at it;
 * the recorder then catches up to `reference`, one day at a time and in one go. So
 * `past` (after the import's instant, up to the reference) holds recorded events and
 * `future` (after the reference, 30 days) expected ones. Windows are `events.list`'s:
 * both ends included.
 *
 * @param {number} now - ms since the epoch
 * @param {number} [days] - the length of each window
 * @example
 * eventsTimeline(Date.UTC(2026, 11, 1)).past; // { from: <1 Nov 2026> + 1, to: <1 Dec 2026> }
 */
export function eventsTimeline(now, days = 30) {
  const reference = Math.floor(now / 1000) * 1000;
  const importAt = reference - days * DAY;
  return {
    reference,
    importAt,
    // The import's own events (every equipment appearing) lie at `importAt`: not in the window.
    past: { from: importAt + 1, to: reference },
    future: { from: reference + 1, to: reference + days * DAY },
    // What the recorder records, one day at a time: `(after, upTo]`.
    dayWindows: Array.from({ length: days }, (_, i) => ({
      after: importAt + i * DAY,
      upTo: importAt + (i + 1) * DAY,
    })),
  };
}

/**
 * The `events.list` window (both ends included) that holds what the recorder records in
 * `(after, upTo]`.
 *
 * @param {{ after: number, upTo: number }} window
 */
export const listWindowOf = ({ after, upTo }) => ({ from: after + 1, to: upTo });
