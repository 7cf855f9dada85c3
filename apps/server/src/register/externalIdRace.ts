import type { Sql } from "../store/database/Sql.js";
import { equipmentRefusals } from "./equipmentRefusals.js";

/** The index that keeps an `external_id` unique among an account's equipment (migration 0015). */
const externalIdIndex = "equipments_external_id_idx";

/** How many times a write runs when another writer takes its key between its check and its insert. */
const attempts = 3;

/**
 * Whether a statement failed because the unique index of `external_id` refused its row:
 * SQLSTATE 23505 on that index (PostgreSQL and PGlite both name it in `constraint`).
 *
 * @param error - what the statement threw
 */
export function isExternalIdTaken(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === "23505" && constraint === externalIdIndex;
}

/**
 * Runs a write that gives an equipment an `external_id`, answering `external_id_taken`
 * when the unique index refused it. A register write checks the key under its account's
 * lock, so only a writer that takes no such lock could take the key between that check
 * and the insert; the index is the backstop that makes the key unique whatever writes.
 * Its refusal rolled the write back (nothing written, the idempotency key not kept), so
 * the write runs again, and its check, seeing the other writer's committed row, answers
 * `external_id_taken` naming the holder. Should the key keep changing hands, the last
 * refusal names the holder read after it.
 *
 * @param sql - the store (outside any transaction), to read the holder after the last refusal
 * @param key - the account and the key the write gives, if it gives one
 * @param run - the write, in a transaction of its own each time
 * @example
 * return answeringKeyRaces(store.sql, { accountId, externalId: params.external_id }, () => transaction(...));
 */
export async function answeringKeyRaces<T>(
  sql: Sql,
  key: { accountId: string; externalId: string | null | undefined },
  run: () => Promise<T>,
): Promise<T> {
  const { accountId, externalId } = key;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (typeof externalId !== "string" || !isExternalIdTaken(error)) throw error;
      if (attempt < attempts) continue;
      const [holder] = await sql.query<{ id: string }>(
        "SELECT id FROM equipments WHERE account_id = $1::text AND external_id = $2::text",
        [accountId, externalId],
      );
      if (holder === undefined) throw error;
      throw equipmentRefusals.externalIdTaken(externalId, holder.id);
    }
  }
}
