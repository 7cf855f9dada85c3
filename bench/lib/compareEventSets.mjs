import { eventKey } from "./eventsPeerSql.mjs";

/**
 * @typedef {object} EventSetComparison
 * @property {boolean} same - both hold the same events, each once
 * @property {number} wsafe - events the walk answered
 * @property {number} peer - rows the peer answered
 * @property {number} onlyWsafe - events of the walk the peer does not have
 * @property {number} onlyPeer - rows of the peer the walk does not have
 * @property {number} repeated - events the walk answered more than once (a page repeating another's)
 * @property {string[]} examples - a few keys that differ, `+` the walk's, `-` the peer's
 */

/**
 * Whether a walk of `events.list` and the raw-SQL peer give the same events, compared
 * on (occurred_at, type, equipment_id, schedule_id, from, to) as multisets: an event the
 * walk answers twice (on two pages) is a difference, not the same set. Only a peer that
 * gives the same events did the same work; one that does not is printed as a floor.
 *
 * @param {Iterable<any>} walked - the events of every page of the walk
 * @param {Iterable<any>} peerRows - the peer's rows
 * @returns {EventSetComparison}
 * @example
 * compareEventSets(page.events, (await sql.query(eventsPeerSql(), [from, to, account])));
 */
export function compareEventSets(walked, peerRows) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  let wsafe = 0;
  let repeated = 0;
  for (const event of walked) {
    const key = eventKey(event);
    const seen = counts.get(key) ?? 0;
    if (seen > 0) repeated++;
    counts.set(key, seen + 1);
    wsafe++;
  }
  let peer = 0;
  let onlyPeer = 0;
  /** @type {string[]} */
  const examples = [];
  for (const row of peerRows) {
    peer++;
    const key = eventKey(row);
    const left = counts.get(key) ?? 0;
    if (left === 0) {
      onlyPeer++;
      if (examples.length < 3) examples.push(`- ${key}`);
    } else counts.set(key, left - 1);
  }
  let onlyWsafe = 0;
  for (const [key, left] of counts) {
    if (left === 0) continue;
    onlyWsafe += left;
    if (examples.length < 6) examples.push(`+ ${key}`);
  }
  return {
    same: onlyWsafe === 0 && onlyPeer === 0 && repeated === 0,
    wsafe,
    peer,
    onlyWsafe,
    onlyPeer,
    repeated,
    examples,
  };
}
