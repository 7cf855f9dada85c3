import type { KeptAnswer } from "../results/KeptAnswer.js";
import type { Sql } from "../store/database/Sql.js";
import {
  claimIdempotencyKey,
  keepAnswer,
  pruneIdempotencyKeysSql,
  requestFingerprint,
} from "./idempotencyKeys.js";
import { runStoreTransaction, type StaleableCache } from "./StoreTransaction.js";
import type { WriteTransaction } from "./WriteTransaction.js";

/** One call of a write method, its parameters checked. */
export interface WriteRequest {
  /** The write method's wire name. */
  method: string;
  /** The caller's account. */
  accountId: string;
  /** The parameters as checked, `idempotency_key` among them when it was sent. */
  params: Readonly<Record<string, unknown>> & { readonly idempotency_key?: string | undefined };
  /** The request's instant (ms). */
  now: number;
  /** This server's cache of computed events, which the write's events make stale (see `StoreTransaction`). */
  eventCache?: StaleableCache | undefined;
}

/**
 * Runs one write in a transaction of its own, the same way for every write method: with an
 * `idempotency_key`, the key is claimed by the transaction's first statement (a retry that
 * arrives meanwhile waits for this one), a repeat of the key and parameters answers the
 * first answer again, byte for byte, and changes nothing, and the answer is kept under the
 * key in the same transaction, with the account's keys older than a day deleted. A write
 * that fails keeps nothing under its key: its transaction rolls back.
 *
 * @param sql - the store's database (not a transaction)
 * @param request - the call
 * @param write - the write's own changes, in the transaction; answers the success body
 * @returns the write's answer, or the answer kept under the key, as kept (a server of the
 *   release before may have kept it, without a field this release's answer has)
 * @throws ApiError `idempotency_key_reused` (the key was sent to another method or with
 *   other parameters), and whatever `write` throws
 */
export function runWrite<Answer extends object>(
  sql: Sql,
  request: WriteRequest,
  write: (transaction: WriteTransaction) => Promise<Answer>,
): Promise<Answer | KeptAnswer> {
  const { method, accountId, params, now, eventCache } = request;
  return runStoreTransaction(
    sql,
    async (transaction) => {
      const tx = transaction.sql;
      const key = params.idempotency_key;
      const outcome = key
        ? await claimIdempotencyKey(tx, {
            method,
            accountId,
            key,
            fingerprint: requestFingerprint(params),
            now,
          })
        : undefined;
      if (outcome && "answered" in outcome) return outcome.answered;
      const claim = outcome?.claimed;
      const closing: { answer?: object } = {};
      const answer = await write({
        ...transaction,
        closingSql(param, kept) {
          closing.answer = kept;
          // Without a key there is nothing to keep; the account's old keys go all the same.
          return claim ? claim.keepSql(param, kept) : [pruneIdempotencyKeysSql(param, accountId, now)];
        },
      });
      if (closing.answer === undefined) {
        if (claim) await keepAnswer(tx, claim, answer);
      } else if (closing.answer !== answer) {
        // A repeat would get the kept answer, and this caller another one.
        throw new Error(`${method} kept one answer under its key and answered another`);
      }
      return answer;
    },
    eventCache,
  );
}
