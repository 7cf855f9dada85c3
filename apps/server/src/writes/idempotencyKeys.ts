import { createHash } from "node:crypto";
import { idempotencyKeyLifetimeMs } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { KeptAnswer } from "../results/KeptAnswer.js";
import type { Sql } from "../store/database/Sql.js";
import { type SqlParam, sqlParameters } from "../store/queries/sqlParameters.js";

// The keys of every write live in `inspection_requests`: migration 0008 made it for
// inspections.record, and 0013 marks each key with its method (why it kept its name: there).

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
export function requestFingerprint(params: Readonly<Record<string, unknown>>): string {
  const asked = Object.keys(params)
    .filter((key) => !notAsked.has(key) && params[key] !== undefined)
    .sort()
    .map((key) => [key, params[key]]);
  return createHash("sha256").update(JSON.stringify(asked)).digest("hex");
}

/** A request that claims a key: which write, whose, the key, what it asks for, and when. */
export interface KeyClaim {
  /** The write method's wire name: a key names one request to one method. */
  method: string;
  /** The caller's account: keys are per account. */
  accountId: string;
  /** The request's `idempotency_key`. */
  key: string;
  /** What the request asks for (see {@link requestFingerprint}). */
  fingerprint: string;
  /** The request's instant (ms). */
  now: number;
}

/** A claimed key: the request writes, and keeps its answer under the key before it commits. */
export interface IdempotencyClaim {
  /**
   * The writes that keep the answer under the key and delete the account's expired keys
   * (see {@link pruneIdempotencyKeysSql}), as data-modifying statements (`name AS (...)`)
   * of a writing statement.
   *
   * @param param - adds a parameter to that statement
   * @param answer - the answer to keep
   */
  keepSql(param: SqlParam, answer: object): string[];
}

/** What claiming a key found: a fresh claim, or the answer the key's first request got, as kept. */
export type ClaimOutcome = { claimed: IdempotencyClaim } | { answered: KeptAnswer };

const reused = (why: string) =>
  new ApiError(
    "idempotency_key_reused",
    `idempotency_key was sent within the last 24 hours ${why}: send the first request again to get its answer, or a new key for a new request`,
  );

/**
 * Claims an idempotency key of the account for this request, as the first statement of
 * its transaction. The key's row is inserted at once: a concurrent request with the same
 * key waits on the primary key until this transaction ends, then finds the row committed
 * (and answers what it kept) or gone (a failed request keeps nothing: it claims the key
 * itself). A key older than {@link idempotencyKeyLifetimeMs} is taken over as new.
 *
 * @param sql - the write's transaction
 * @param claim - the request
 * @throws ApiError `idempotency_key_reused` when the key was used for another method or other parameters
 */
export async function claimIdempotencyKey(sql: Sql, claim: KeyClaim): Promise<ClaimOutcome> {
  const { method, accountId, key, fingerprint, now } = claim;
  const claimed = await sql.queryPrepared(
    `INSERT INTO inspection_requests (account_id, idempotency_key, method, fingerprint, created_at)
     VALUES ($1, $2, $3, $4, $5::bigint)
     ON CONFLICT (account_id, idempotency_key) DO UPDATE
        SET method = EXCLUDED.method, fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at,
            answer = NULL
      WHERE inspection_requests.created_at <= $6::bigint
     RETURNING 1`,
    [accountId, key, method, fingerprint, now, now - idempotencyKeyLifetimeMs],
  );
  if (claimed.length > 0)
    return {
      claimed: {
        keepSql: (param, answer) => [
          `kept_answer AS (
             UPDATE inspection_requests SET answer = ${param(JSON.stringify(answer), "text")}
              WHERE account_id = ${param(accountId, "text")} AND idempotency_key = ${param(key, "text")}
           )`,
          pruneIdempotencyKeysSql(param, accountId, now),
        ],
      },
    };
  const [first] = await sql.query<{ method: string; fingerprint: string; answer: string | null }>(
    "SELECT method, fingerprint, answer FROM inspection_requests WHERE account_id = $1 AND idempotency_key = $2",
    [accountId, key],
  );
  // A key's row is committed with its answer, and kept for a day: one gone or empty in
  // the instant between the two statements is a fault, answered server_error (a retry claims afresh).
  if (first?.answer == null) throw new Error("an idempotency key's row was gone, or held no answer");
  if (first.method !== method) throw reused(`to ${first.method}`);
  if (first.fingerprint !== fingerprint) throw reused("with other parameters");
  return { answered: new KeptAnswer(first.answer) };
}

/**
 * Keeps the answer under a claimed key, with the account's expired keys deleted, in one
 * statement: for a write whose last statement did not take {@link IdempotencyClaim.keepSql}.
 *
 * @param sql - the write's transaction
 * @param claim - the key the write claimed
 * @param answer - the write's answer
 */
export async function keepAnswer(sql: Sql, claim: IdempotencyClaim, answer: object): Promise<void> {
  const { params, param } = sqlParameters();
  await sql.queryPrepared(`WITH ${claim.keepSql(param, answer).join(",\n")} SELECT 1`, params);
}

/**
 * The write that deletes the account's keys older than {@link idempotencyKeyLifetimeMs},
 * through the index on their age, as a data-modifying statement (`pruned_keys AS (...)`)
 * of a write's writing statement: each write that keeps a key runs it, so the table holds
 * about one day of each account's writes. (It never meets the key the write claimed: that
 * one is new.)
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
