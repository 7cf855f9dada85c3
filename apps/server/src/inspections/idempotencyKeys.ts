import { createHash } from "node:crypto";
import { idempotencyKeyLifetimeMs } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import type { Sql } from "../store/database/Sql.js";
import type { SqlParam } from "../store/queries/sqlParameters.js";

/** The parameters that make no difference to what a request asks for. */
const notAsked = new Set(["token", "pretty", "idempotency_key"]);

/**
 * What a request asks for, as a SHA-256 hex digest of its parameters (keys sorted, the
 * token, `pretty` and the key itself left out): two requests with the same fingerprint ask
 * the same. Parameters left out count as left out, not as their defaults: a retry of a
 * request without `performed_at` is the same request, whenever it arrives.
 *
 * @param params - the request's parameters, as parsed
 */
export function requestFingerprint(params: Record<string, unknown>): string {
  const asked = Object.keys(params)
    .filter((key) => !notAsked.has(key) && params[key] !== undefined)
    .sort()
    .map((key) => [key, params[key]]);
  return createHash("sha256").update(JSON.stringify(asked)).digest("hex");
}

/** A claimed key: the request records, and keeps its answer in its writing statement. */
export interface IdempotencyClaim {
  /**
   * The writes that keep the answer under the key and delete the account's expired keys
   * (see {@link pruneIdempotencyKeysSql}), as data-modifying statements (`name AS (...)`)
   * of the recording's writing statement.
   *
   * @param param - adds a parameter to that statement
   * @param answer - the answer to keep
   * @param now - the request's instant
   */
  keepSql(param: SqlParam, answer: object, now: number): string[];
}

/** What claiming a key found: a fresh claim, or the answer the key's first request got. */
export type ClaimOutcome = { claimed: IdempotencyClaim } | { answered: object };

/**
 * Claims an idempotency key of the account for this request, as the first statement of
 * its transaction. The key's row is inserted at once: a concurrent request with the same
 * key waits on the primary key until this transaction ends, then finds the row committed
 * (and answers what it kept) or gone (a failed request keeps nothing: it claims the key
 * itself). A key older than {@link idempotencyKeyLifetimeMs} is taken over as new.
 *
 * @param sql - the recording's transaction
 * @param accountId - the caller's account
 * @param key - the request's `idempotency_key`
 * @param fingerprint - what the request asks for (see {@link requestFingerprint})
 * @param now - the request's instant
 * @throws ApiError `idempotency_key_reused` when the key was used for other parameters
 */
export async function claimIdempotencyKey(
  sql: Sql,
  accountId: string,
  key: string,
  fingerprint: string,
  now: number,
): Promise<ClaimOutcome> {
  const expired = now - idempotencyKeyLifetimeMs;
  const claimed = await sql.queryPrepared(
    `INSERT INTO inspection_requests (account_id, idempotency_key, fingerprint, created_at)
     VALUES ($1, $2, $3, $4::bigint)
     ON CONFLICT (account_id, idempotency_key) DO UPDATE
        SET fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at, answer = NULL
      WHERE inspection_requests.created_at <= $5::bigint
     RETURNING 1`,
    [accountId, key, fingerprint, now, expired],
  );
  if (claimed.length > 0)
    return {
      claimed: {
        keepSql: (param, answer, at) => [
          `kept_answer AS (
             UPDATE inspection_requests SET answer = ${param(JSON.stringify(answer), "text")}
              WHERE account_id = ${param(accountId, "text")} AND idempotency_key = ${param(key, "text")}
           )`,
          pruneIdempotencyKeysSql(param, accountId, at),
        ],
      },
    };
  const [first] = await sql.query<{ fingerprint: string; answer: string | null }>(
    "SELECT fingerprint, answer FROM inspection_requests WHERE account_id = $1 AND idempotency_key = $2",
    [accountId, key],
  );
  if (first!.fingerprint !== fingerprint)
    throw new ApiError(
      "idempotency_key_reused",
      "idempotency_key was sent within the last 24 hours with other parameters: send the first request's parameters again to get its answer, or a new key for a new request",
    );
  // A committed claim always holds its answer: it is kept in the claiming transaction.
  return { answered: JSON.parse(first!.answer!) as object };
}

/**
 * The write that deletes the account's keys older than {@link idempotencyKeyLifetimeMs},
 * through the index on their age, as a data-modifying statement (`pruned_keys AS (...)`)
 * of a recording's writing statement: each recording runs it, so the table holds about
 * one day of each account's recordings. (It never meets the key the recording claimed:
 * that one is new.)
 *
 * @param param - adds a parameter to that statement
 * @param accountId - the caller's account
 * @param now - the request's instant
 */
export function pruneIdempotencyKeysSql(param: SqlParam, accountId: string, now: number): string {
  return `pruned_keys AS (
     DELETE FROM inspection_requests
      WHERE account_id = ${param(accountId, "text")} AND created_at <= ${param(now - idempotencyKeyLifetimeMs, "bigint")}
   )`;
}
