import { type PayloadProblem, quoteInput } from "@wsafe/schema";
import type { Sql } from "../database/Sql.js";
import { isStorableText } from "../isStorableText.js";
import type { DatasetShape } from "./checkDatasetShape.js";
import { findDuplicates } from "./findDuplicates.js";
import { positionInDocument } from "./positionInDocument.js";
import { problemAt } from "./problemAt.js";
import type { KnownType } from "./readKnownReferences.js";

/** An equipment of the file that gives a key, with the account its type puts it in. */
interface KeyedEquipment {
  index: number;
  id: string;
  accountId: string;
  key: string;
}

/** A stored equipment holding a key. */
interface KeyHolder {
  id: string;
  accountId: string;
  key: string;
}

/** One map key for an account's external_id: NUL cannot be in a stored account id. */
const accountKey = (accountId: string, key: string) => `${accountId}\u0000${key}`;

/**
 * Reports every `external_id` that two equipment of one account would hold once the
 * import is in: two records of the file (at the later one, naming the first), or a record
 * of the file and an equipment of the store that keeps the key (one the file does not
 * name, or names without a key: a record that leaves `external_id` out keeps its stored
 * one). A stored equipment the file gives another key frees its own, so a file may pass a
 * key from one equipment to another. An equipment whose type is unknown has no account:
 * its type's problem is reported instead.
 *
 * @param sql - the store, read only; `undefined` for a store not made yet (nothing holds a key)
 * @param shape - the records to check, from `checkDatasetShape`
 * @param types - the known equipment types, which give an equipment its account
 * @param problems - where each problem is added
 */
export async function reportExternalIdConflicts(
  sql: Sql | undefined,
  shape: DatasetShape,
  types: ReadonlyMap<string, KnownType>,
  problems: PayloadProblem[],
): Promise<void> {
  const keyed = keyedEquipment(shape, types);
  if (keyed.length === 0) return;
  const { document } = shape;
  const position = (index: number) => positionInDocument(shape, "equipments", index);
  const path = (index: number) => ["equipments", position(index), "external_id"];
  const duplicates = findDuplicates(keyed, (record) => accountKey(record.accountId, record.key));
  for (const { index, first } of duplicates) {
    const { key, accountId } = keyed[index]!;
    const earlier = keyed[first]!;
    problems.push(
      problemAt(
        document,
        path(keyed[index]!.index),
        (field) =>
          `the same \`${field}\` ${JSON.stringify(quoteInput(key))} as equipments[${position(earlier.index)}] (${JSON.stringify(earlier.id)}), both of account ${accountId}; each equipment of an account needs its own key`,
      ),
    );
  }
  const holders = sql ? await readKeyHolders(sql, keyed) : new Map<string, KeyHolder>();
  if (holders.size === 0) return;
  // What the file gives each equipment it names, found by id: a holder named with another
  // key frees its own; one named with none keeps it.
  const named = new Map<string, string | undefined>();
  for (const equipment of shape.dataset.equipments)
    if (!named.has(equipment.id)) named.set(equipment.id, equipment.external_id);
  for (const record of keyed) {
    const holder = holders.get(accountKey(record.accountId, record.key));
    if (holder === undefined || holder.id === record.id) continue;
    const given = named.get(holder.id);
    // Named with this very key: the duplicate within the file is reported above.
    if (given !== undefined) continue;
    problems.push(
      problemAt(
        document,
        path(record.index),
        (field) =>
          `\`${field}\` ${JSON.stringify(quoteInput(record.key))} is held by equipment ${JSON.stringify(holder.id)} of account ${holder.accountId} in the store, which keeps it; give this equipment another key, or give ${JSON.stringify(holder.id)} another \`${field}\` in this file (or retire it first)`,
      ),
    );
  }
}

/** The file's equipment that give a key and whose account is known, in the file's order. */
function keyedEquipment(shape: DatasetShape, types: ReadonlyMap<string, KnownType>): KeyedEquipment[] {
  const keyed: KeyedEquipment[] = [];
  shape.dataset.equipments.forEach((equipment, index) => {
    const key = equipment.external_id;
    const accountId = types.get(equipment.equipmentType_id)?.accountId;
    if (typeof key === "string" && accountId !== undefined)
      keyed.push({ index, id: equipment.id, accountId, key });
  });
  return keyed;
}

/**
 * The stored equipment holding a key the file gives, by account and key: one indexed
 * lookup (the unique index of the account's keys), whatever the number of keys.
 */
async function readKeyHolders(sql: Sql, keyed: readonly KeyedEquipment[]): Promise<Map<string, KeyHolder>> {
  const asked = keyed.filter((record) => isStorableText(record.key));
  const holders = new Map<string, KeyHolder>();
  if (asked.length === 0) return holders;
  const rows = await sql.query<{ id: string; account_id: string; external_id: string }>(
    `SELECT e.id, e.account_id, e.external_id
       FROM unnest($1::text[], $2::text[]) AS k (account_id, external_id)
       JOIN equipments e ON e.account_id = k.account_id AND e.external_id = k.external_id`,
    [asked.map((record) => record.accountId), asked.map((record) => record.key)],
  );
  for (const row of rows)
    holders.set(accountKey(row.account_id, row.external_id), {
      id: row.id,
      accountId: row.account_id,
      key: row.external_id,
    });
  return holders;
}
