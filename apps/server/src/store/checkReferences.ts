import type { Dataset, ValidationIssue } from "@wsafe/schema";
import { findAccountMoves } from "./findAccountMoves.js";
import { findNulCharacters } from "./findNulCharacters.js";
import type { Sql } from "./Sql.js";

interface KnownType {
  accountId: string;
  metafields: Set<string>;
}

function findDuplicates<T>(
  list: readonly T[],
  listName: string,
  key: (item: T) => string,
  field: string,
  issues: ValidationIssue[],
) {
  // The lists of each record (an equipment's schedules) are short and there are many of
  // them: comparing pairs costs less than a Map for each.
  if (list.length <= 8) {
    for (let index = 1; index < list.length; index++) {
      const value = key(list[index]!);
      for (let seen = 0; seen < index; seen++) {
        if (key(list[seen]!) === value) {
          issues.push({
            path: `${listName}[${index}].${field}`,
            message: `duplicate of ${listName}[${seen}]`,
          });
          break;
        }
      }
    }
    return;
  }
  const first = new Map<string, number>();
  list.forEach((item, index) => {
    const value = key(item);
    const seen = first.get(value);
    if (seen === undefined) first.set(value, index);
    else
      issues.push({ path: `${listName}[${index}].${field}`, message: `duplicate of ${listName}[${seen}]` });
  });
}

/**
 * Checks what the schema cannot: every referenced id exists in the document or in the
 * store (accounts, equipment types, users in the same account), metavalue keys are
 * metafields of the equipment's type, ids are unique within the document, and no record
 * the store holds would move to another account.
 *
 * @param sql - the store, read only
 * @param dataset - a dataset that already passed the schema
 * @returns every problem found, each naming the record and field
 */
export async function checkReferences(sql: Sql, dataset: Dataset): Promise<ValidationIssue[]> {
  const issues: ValidationIssue[] = [];
  // PostgreSQL text cannot hold U+0000: found first, before any query sends a string
  // of the document, so that the operator gets a path instead of a server error.
  issues.push(...findNulCharacters(dataset));
  findDuplicates(dataset.accounts, "accounts", (a) => a.id, "id", issues);
  findDuplicates(dataset.tokens, "tokens", (t) => t.token, "token", issues);
  findDuplicates(dataset.users, "users", (u) => u.id, "id", issues);
  findDuplicates(dataset.resources, "resources", (r) => r.id, "id", issues);
  findDuplicates(dataset.equipmentTypes, "equipmentTypes", (t) => t.id, "id", issues);
  findDuplicates(dataset.equipments, "equipments", (e) => e.id, "id", issues);
  for (const [index, type] of dataset.equipmentTypes.entries()) {
    findDuplicates(type.metafields, `equipmentTypes[${index}].metafields`, (m) => m.id, "id", issues);
  }
  for (const [index, equipment] of dataset.equipments.entries()) {
    findDuplicates(
      equipment.schedules,
      `equipments[${index}].schedules`,
      (s) => s.schedule_id,
      "schedule_id",
      issues,
    );
  }

  // The document wins over the store for records it names: that is what the store will hold.
  const accounts = new Set(dataset.accounts.map((a) => a.id));
  const users = new Map(dataset.users.map((u) => [u.id, u.account_id]));
  const types = new Map<string, KnownType>(
    dataset.equipmentTypes.map((t) => [
      t.id,
      { accountId: t.account_id, metafields: new Set(t.metafields.map((m) => m.id)) },
    ]),
  );

  const wantedAccounts = new Set<string>();
  for (const list of [dataset.tokens, dataset.users, dataset.resources, dataset.equipmentTypes]) {
    for (const record of list) if (!accounts.has(record.account_id)) wantedAccounts.add(record.account_id);
  }
  const wantedTypes = new Set(
    dataset.equipments.map((e) => e.equipmentType_id).filter((id) => !types.has(id)),
  );
  const wantedUsers = new Set<string>();
  for (const resource of dataset.resources)
    for (const v of resource.versions) if (!users.has(v.creator_id)) wantedUsers.add(v.creator_id);
  for (const equipment of dataset.equipments)
    for (const id of equipment.assignedUsers_id) if (!users.has(id)) wantedUsers.add(id);

  if (wantedAccounts.size > 0) {
    const rows = await sql.query<{ id: string }>("SELECT id FROM accounts WHERE id = ANY($1::text[])", [
      [...wantedAccounts],
    ]);
    for (const row of rows) accounts.add(row.id);
  }
  if (wantedUsers.size > 0) {
    const rows = await sql.query<{ id: string; account_id: string }>(
      "SELECT id, account_id FROM users WHERE id = ANY($1::text[])",
      [[...wantedUsers]],
    );
    for (const row of rows) users.set(row.id, row.account_id);
  }
  if (wantedTypes.size > 0) {
    const rows = await sql.query<{ id: string; account_id: string; metafield_ids: string }>(
      `SELECT id, account_id, (SELECT coalesce(json_agg(m->>'id'), '[]'::json) FROM jsonb_array_elements(metafields) m)::text AS metafield_ids
         FROM equipment_types WHERE id = ANY($1::text[])`,
      [[...wantedTypes]],
    );
    for (const row of rows) {
      types.set(row.id, {
        accountId: row.account_id,
        metafields: new Set(JSON.parse(row.metafield_ids) as string[]),
      });
    }
  }

  const checkAccount = (listName: string, list: readonly { account_id: string }[]) =>
    list.forEach((record, index) => {
      if (!accounts.has(record.account_id)) {
        issues.push({ path: `${listName}[${index}].account_id`, message: `no account ${record.account_id}` });
      }
    });
  checkAccount("tokens", dataset.tokens);
  checkAccount("users", dataset.users);
  checkAccount("resources", dataset.resources);
  checkAccount("equipmentTypes", dataset.equipmentTypes);

  const checkUser = (path: string, id: string, accountId: string) => {
    const owner = users.get(id);
    if (owner === undefined) issues.push({ path, message: `no user ${id}` });
    else if (owner !== accountId) issues.push({ path, message: `user ${id} belongs to another account` });
  };
  for (const [index, resource] of dataset.resources.entries()) {
    for (const [v, version] of resource.versions.entries()) {
      checkUser(`resources[${index}].versions[${v}].creator_id`, version.creator_id, resource.account_id);
    }
  }
  dataset.equipments.forEach((equipment, index) => {
    const type = types.get(equipment.equipmentType_id);
    if (!type) {
      issues.push({
        path: `equipments[${index}].equipmentType_id`,
        message: `no equipment type ${equipment.equipmentType_id}`,
      });
      return;
    }
    for (const [u, id] of equipment.assignedUsers_id.entries()) {
      checkUser(`equipments[${index}].assignedUsers_id[${u}]`, id, type.accountId);
    }
    for (const key of Object.keys(equipment.metavalues)) {
      if (!type.metafields.has(key)) {
        issues.push({
          path: `equipments[${index}].metavalues`,
          message: `${key} is not a metafield of equipment type ${equipment.equipmentType_id}`,
        });
      }
    }
  });
  issues.push(
    ...(await findAccountMoves(sql, dataset, (index) => {
      const equipment = dataset.equipments[index];
      return equipment ? types.get(equipment.equipmentType_id)?.accountId : undefined;
    })),
  );
  return issues;
}
