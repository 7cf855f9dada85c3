import type { Dataset } from "@wsafe/schema";
import type { Sql } from "../database/Sql.js";
import { tokenKey } from "../hashToken.js";
import { isStorableText } from "../isStorableText.js";

/** A record the document names that the store holds under another account. */
export interface AccountMove {
  /** The document's list, and the record's index in the dataset's list. */
  list: "users" | "resources" | "equipmentTypes" | "equipments" | "tokens";
  index: number;
  /** The record's id; undefined for a token (its secret is never repeated). */
  id: string | undefined;
  /** The account the store holds it under. */
  owner: string;
  /** The account the document gives it (an equipment's is its type's). */
  wanted: string;
}

/** A table whose records belong to an account, and the document's list that names them. */
interface OwnedList {
  list: AccountMove["list"];
  table: "users" | "resources" | "equipment_types" | "equipments";
  records: readonly { id: string }[];
  accountOf: (index: number) => string | undefined;
}

/**
 * Finds records the document names that the store already holds under another account.
 * Importing the same id again is an update (`datasetSchema` of `@wsafe/schema`: "the
 * same ids again update records"), but an update that changed the account would move a
 * record between tenants - its versions, schedules and the references other records
 * hold to it - so the import refuses it; `checkReferences` words it as the cause of
 * what follows from it.
 *
 * @param sql - the store, read only
 * @param dataset - the records that passed the schema
 * @param equipmentAccount - the account of each equipment, from its type (`undefined` when
 *   the type is unknown, which is reported elsewhere)
 */
export async function findAccountMoves(
  sql: Sql,
  dataset: Dataset,
  equipmentAccount: (index: number) => string | undefined,
): Promise<AccountMove[]> {
  const moves: AccountMove[] = [];
  const lists: OwnedList[] = [
    { list: "users", table: "users", records: dataset.users, accountOf: (i) => dataset.users[i]?.account_id },
    {
      list: "resources",
      table: "resources",
      records: dataset.resources,
      accountOf: (i) => dataset.resources[i]?.account_id,
    },
    {
      list: "equipmentTypes",
      table: "equipment_types",
      records: dataset.equipmentTypes,
      accountOf: (i) => dataset.equipmentTypes[i]?.account_id,
    },
    { list: "equipments", table: "equipments", records: dataset.equipments, accountOf: equipmentAccount },
  ];
  for (const { list, table, records, accountOf } of lists) {
    const ids = records.map((record) => record.id).filter(isStorableText);
    if (ids.length === 0) continue;
    // One indexed lookup per list, whatever its length.
    const rows = await sql.query<{ id: string; account_id: string }>(
      `SELECT id, account_id FROM ${table} WHERE id = ANY($1::text[])`,
      [ids],
    );
    if (rows.length === 0) continue;
    const stored = new Map(rows.map((row) => [row.id, row.account_id]));
    records.forEach((record, index) => {
      const owner = stored.get(record.id);
      const wanted = accountOf(index);
      if (owner !== undefined && wanted !== undefined && owner !== wanted)
        moves.push({ list, index, id: record.id, owner, wanted });
    });
  }
  if (dataset.tokens.length > 0) {
    const keys = dataset.tokens.map((token) => tokenKey(token.token));
    const rows = await sql.query<{ key: string; account_id: string }>(
      "SELECT encode(token_hash, 'hex') AS key, account_id FROM tokens WHERE token_hash = ANY($1::bytea[])",
      [keys.map((key) => Buffer.from(key, "hex"))],
    );
    const stored = new Map(rows.map((row) => [row.key, row.account_id]));
    dataset.tokens.forEach((token, index) => {
      const owner = stored.get(keys[index]!);
      if (owner !== undefined && owner !== token.account_id)
        moves.push({ list: "tokens", index, id: undefined, owner, wanted: token.account_id });
    });
  }
  return moves;
}
