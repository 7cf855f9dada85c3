import type { Sql } from "../database/Sql.js";
import { isStorableText } from "../isStorableText.js";
import type { DatasetShape } from "./checkDatasetShape.js";

/** An equipment type a reference may name: its account and its metafields' ids. */
export interface KnownType {
  accountId: string;
  metafields: Set<string>;
}

/** What the dataset's references may name, from the document and the store. */
export interface KnownReferences {
  accounts: Set<string>;
  /** Each user's account. */
  users: Map<string, string>;
  types: Map<string, KnownType>;
}

/**
 * The accounts, users and equipment types the document holds, and those of the store
 * that the document names without holding them (one query per kind, only for those ids).
 * The document wins over the store for records it names: that is what the store will hold.
 *
 * @param sql - the store, read only; `undefined` for a store not made yet (nothing in it)
 * @param shape - the records to check, from `checkDatasetShape`
 */
export async function readKnownReferences(
  sql: Sql | undefined,
  shape: DatasetShape,
): Promise<KnownReferences> {
  const { dataset } = shape;
  const accounts = new Set([...dataset.accounts.map((a) => a.id), ...(shape.malformedIds?.accounts ?? [])]);
  const users = new Map(dataset.users.map((u) => [u.id, u.account_id]));
  const types = new Map<string, KnownType>(
    dataset.equipmentTypes.map((t) => [
      t.id,
      { accountId: t.account_id, metafields: new Set(t.metafields.map((m) => m?.id)) },
    ]),
  );
  const wantedAccounts = new Set<string>();
  for (const list of [dataset.tokens, dataset.users, dataset.resources, dataset.equipmentTypes])
    for (const record of list) if (!accounts.has(record.account_id)) wantedAccounts.add(record.account_id);
  const wantedTypes = new Set(
    dataset.equipments.map((e) => e.equipmentType_id).filter((id) => !types.has(id)),
  );
  const wantedUsers = new Set<string>();
  for (const resource of dataset.resources)
    for (const version of resource.versions)
      if (typeof version?.creator_id === "string" && !users.has(version.creator_id))
        wantedUsers.add(version.creator_id);
  for (const equipment of dataset.equipments)
    for (const id of equipment.assignedUsers_id)
      if (typeof id === "string" && !users.has(id)) wantedUsers.add(id);

  const asked = (ids: Set<string>) => [...ids].filter(isStorableText);
  if (sql && asked(wantedAccounts).length > 0) {
    const rows = await sql.query<{ id: string }>("SELECT id FROM accounts WHERE id = ANY($1::text[])", [
      asked(wantedAccounts),
    ]);
    for (const row of rows) accounts.add(row.id);
  }
  if (sql && asked(wantedUsers).length > 0) {
    const rows = await sql.query<{ id: string; account_id: string }>(
      "SELECT id, account_id FROM users WHERE id = ANY($1::text[])",
      [asked(wantedUsers)],
    );
    for (const row of rows) users.set(row.id, row.account_id);
  }
  if (sql && asked(wantedTypes).length > 0) {
    const rows = await sql.query<{ id: string; account_id: string; metafield_ids: string }>(
      `SELECT id, account_id, (SELECT coalesce(json_agg(m->>'id'), '[]'::json) FROM jsonb_array_elements(metafields) m)::text AS metafield_ids
         FROM equipment_types WHERE id = ANY($1::text[])`,
      [asked(wantedTypes)],
    );
    for (const row of rows)
      types.set(row.id, {
        accountId: row.account_id,
        metafields: new Set(JSON.parse(row.metafield_ids) as string[]),
      });
  }
  return { accounts, users, types };
}
