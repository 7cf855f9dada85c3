// The idempotency key of a raw-SQL peer's write, claimed first in its transaction (the
// store keeps every write's keys in `inspection_requests`, each with its method): a fresh
// key is the request's; a key of a day or more is taken over as new; a key seen within the
// day answers its first answer again, or `idempotency_key_reused` for another method or
// other parameters.
import { createHash } from "node:crypto";
import { idempotencyKeyLifetimeMs } from "@wsafe/schema";

/** Claims an idempotency key ($1 account, $2 key, $3 method, $4 fingerprint, $5 now, $6 oldest kept). */
const claimKeySql = `INSERT INTO inspection_requests (account_id, idempotency_key, method, fingerprint, created_at)
VALUES ($1, $2, $3, $4, $5::bigint)
ON CONFLICT (account_id, idempotency_key) DO UPDATE
   SET method = EXCLUDED.method, fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at, answer = NULL
 WHERE inspection_requests.created_at <= $6::bigint
RETURNING 1`;

/** What a key's first request kept. */
const keptKeySql =
  "SELECT method, fingerprint, answer FROM inspection_requests WHERE account_id = $1 AND idempotency_key = $2";

/** Keeps the answer under its key, and deletes the account's expired keys ($1 account, $2 key, $3 answer, $4 oldest kept). */
export const keepAnswerSql = `WITH kept AS (
  UPDATE inspection_requests SET answer = $3 WHERE account_id = $1 AND idempotency_key = $2
)
DELETE FROM inspection_requests WHERE account_id = $1 AND created_at <= $4::bigint`;

/** The request's fingerprint: its parameters, sorted, without the token, `pretty` and the key. */
export function fingerprint(/** @type {Record<string, unknown>} */ params) {
  const asked = Object.keys(params)
    .filter((key) => !["token", "pretty", "idempotency_key"].includes(key) && params[key] !== undefined)
    .sort()
    .map((key) => [key, params[key]]);
  return createHash("sha256").update(JSON.stringify(asked)).digest("hex");
}

/**
 * Claims the request's key, as the transaction's first statement.
 *
 * @param {import("./peerStore.mjs").Query} query - the write's transaction
 * @param {{ method: string, account: string, key: string, params: Record<string, unknown>, now: number }} claim
 * @returns {Promise<undefined | { ok: true, text: string } | { ok: false, error: string, description: string }>}
 *   undefined: claimed, the request writes; else what to answer
 */
export async function claimKey(query, { method, account, key, params, now }) {
  const print = fingerprint(params);
  const claimed = await query(claimKeySql, [
    account,
    key,
    method,
    print,
    now,
    now - idempotencyKeyLifetimeMs,
  ]);
  if (claimed.length > 0) return undefined;
  const [first] = await query(keptKeySql, [account, key]);
  const reused = (/** @type {string} */ why) => ({
    ok: /** @type {const} */ (false),
    error: "idempotency_key_reused",
    description: `idempotency_key was sent within the last 24 hours ${why}: send the first request again to get its answer, or a new key for a new request`,
  });
  if (first.method !== method) return reused(`to ${first.method}`);
  if (first.fingerprint !== print) return reused("with other parameters");
  return { ok: true, text: first.answer };
}
