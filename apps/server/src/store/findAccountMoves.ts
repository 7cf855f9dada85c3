import type { Dataset, ValidationIssue } from "@wsafe/schema";
import { tokenKey } from "./hashToken.js";
import type { Sql } from "./Sql.js";

/** A table whose records belong to an account, and the document's list that names them. */
interface OwnedList {
  listName: string;
  table: "users" | "resources" | "equipment_types" | "equipments";
  records: readonly { id: string }[];
  /** The account the document gives the record (an equipment's is its type's). */
  accountOf: (index: number) => string | undefined;
}

/**
 * Finds records the document names that the store already holds under another account.
 * Importing the same id again is an update (`datasetSchema` of `@wsafe/schema`: "the same ids again update records"), but an update that changed
 * the account would move a record between tenants - its versions, schedules and the
 * references other records hold to it - so it is refused, naming both accounts.
 *
 * @param sql - the store, read only
 * @param dataset - a dataset that passed the schema
 * @param equipmentAccount - the account of each equipment, from its type (`undefined` when
 *   the type is unknown, which is reported elsewhere)
 */
export async function findAccountMoves(
  sql: Sql,
  dataset: Dataset,
  equipmentAccount: (index: number) => string | undefined,
): Promise<ValidationIssue[]> {
  const issues: ValidationIssue[] = [];
  const lists: OwnedList[] = [
    {
      listName: "users",
      table: "users",
      records: dataset.users,
      accountOf: (i) => dataset.users[i]?.account_id,
    },
    {
      listName: "resources",
      table: "resources",
      records: dataset.resources,
      accountOf: (i) => dataset.resources[i]?.account_id,
    },
    {
      listName: "equipmentTypes",
      table: "equipment_types",
      records: dataset.equipmentTypes,
      accountOf: (i) => dataset.equipmentTypes[i]?.account_id,
    },
    { listName: "equipments", table: "equipments", records: dataset.equipments, accountOf: equipmentAccount },
  ];
  for (const { listName, table, records, accountOf } of lists) {
    if (records.length === 0) continue;
    // One indexed lookup per list, whatever its length.
    const rows = await sql.query<{ id: string; account_id: string }>(
      `SELECT id, account_id FROM ${table} WHERE id = ANY($1::text[])`,
      [records.map((record) => record.id)],
    );
    if (rows.length === 0) continue;
    const stored = new Map(rows.map((row) => [row.id, row.account_id]));
    records.forEach((record, index) => {
      const owner = stored.get(record.id);
      const wanted = accountOf(index);
      if (owner !== undefined && wanted !== undefined && owner !== wanted) {
        issues.push({
          path: `${listName}[${index}].${listName === "equipments" ? "equipmentType_id" : "account_id"}`,
          message: `${record.id} already belongs to account ${owner}; an import never moves a record to another account (${wanted})`,
        });
      }
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
      if (owner !== undefined && owner !== token.account_id) {
        // Never echo the secret: the path says which token.
        issues.push({
          path: `tokens[${index}].account_id`,
          message: `this token already belongs to account ${owner}; an import never moves a token to another account (${token.account_id})`,
        });
      }
    });
  }
  return issues;
}
