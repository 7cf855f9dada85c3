// Recorded events made in bulk by one statement, for the stream and retention figures
// (workload 9): millions of rows as recording leaves them - sequences rising with
// instants, every tenant's interleaved - without the hours that recording them through
// imports would take.

/** A day in milliseconds. */
export const DAY = 86_400_000;

/**
 * Fills `events` with `count` rows shared round-robin by `accounts` accounts
 * (`acc_0`...), their instants rising evenly from `firstAt` to `lastAt`, their sequences
 * from `firstSequence`. Ids are `ev_<sequence>`; the account of sequence n is
 * `acc_<n mod accounts>`.
 *
 * @param {{ query: (text: string, params?: unknown[]) => Promise<unknown[]> }} sql
 * @param {{ count: number, accounts: number, firstAt: number, lastAt: number, firstSequence?: number, batch?: number }} plan
 * @example
 * await insertSyntheticEvents(store.sql, { count: 1_000_000, accounts: 1_000, firstAt: now - 30 * DAY, lastAt: now });
 */
export async function insertSyntheticEvents(
  sql,
  { count, accounts, firstAt, lastAt, firstSequence = 1, batch = 200_000 },
) {
  const step = count > 1 ? (lastAt - firstAt) / (count - 1) : 0;
  // In batches: one statement of ten million rows holds every row's trigger input at once.
  for (let from = 0; from < count; from += batch) {
    const to = Math.min(count, from + batch);
    await sql.query(
      `INSERT INTO events (id, sequence, account_id, type, occurred_at, cause, equipment_id, equipment_type_id, from_status, to_status)
       SELECT 'ev_' || s, s, 'acc_' || (s % $1::bigint), 'schedule.status_changed',
              $2::bigint + floor((s - $5::bigint) * $3::float8)::bigint, 'time',
              'eq_' || s, 'et_' || (s % $1::bigint), 'uptodate', 'expiring'
         FROM generate_series($5::bigint + $4::bigint, $5::bigint + $6::bigint - 1) AS s`,
      [accounts, firstAt, step, from, firstSequence, to],
    );
  }
  // Recording draws its sequences from `events_sequence` (migration 0009): from past these.
  await sql.query(
    "SELECT setval('events_sequence', max(sequence)) FROM events HAVING max(sequence) IS NOT NULL",
  );
}

/**
 * The id and instant of an account's `nth` event (0 first) in a store filled by
 * {@link insertSyntheticEvents} from sequence 1.
 *
 * @param {{ accounts: number, firstAt: number, lastAt: number, count: number }} plan
 * @param {number} account - the account's number
 * @param {number} nth
 */
export function syntheticEvent(plan, account, nth) {
  const sequence = nth * plan.accounts + (account === 0 ? plan.accounts : account);
  const step = plan.count > 1 ? (plan.lastAt - plan.firstAt) / (plan.count - 1) : 0;
  return { id: `ev_${sequence}`, sequence, occurredAt: plan.firstAt + Math.floor((sequence - 1) * step) };
}
