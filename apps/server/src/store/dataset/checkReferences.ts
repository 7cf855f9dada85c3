import type { PayloadProblem } from "@wsafe/schema";
import type { Sql } from "../database/Sql.js";
import { isStorableText } from "../isStorableText.js";
import type { DatasetList, DatasetShape } from "./checkDatasetShape.js";
import { type AccountMove, findAccountMoves } from "./findAccountMoves.js";
import { findDuplicates } from "./findDuplicates.js";
import { findNulCharacters } from "./findNulCharacters.js";
import { problemAt } from "./problemAt.js";

interface KnownType {
  accountId: string;
  metafields: Set<string>;
}

const isText = (value: unknown): value is string => typeof value === "string";
const nowhere = "which is neither in this file nor in the store";

function movedWording(move: AccountMove, field: string): string {
  const never = "an import never moves a record to another account";
  if (move.list === "tokens")
    return `this token already belongs to account ${move.owner} in the store; an import never moves a token to another account (this file says ${move.wanted})`;
  if (move.list === "equipments")
    return `already belongs to account ${move.owner} in the store, and its \`${field}\` is of account ${move.wanted}; ${never}: give it a type of ${move.owner}, or another id`;
  return `already belongs to account ${move.owner} in the store; ${never} (this file says ${move.wanted}): keep \`${field}\` ${move.owner}, or give it another id`;
}

/**
 * Checks what the schema cannot: every referenced id exists in the document or in the
 * store (accounts, equipment types, users in the same account), metavalue keys are
 * metafields of the equipment's type, ids are unique within the document, no string
 * holds U+0000, and no record the store holds would move to another account. A record
 * refused for a move comes first, with what only follows from it grouped under it (a
 * user moved to another account made every equipment assigned to them fail too, and
 * was reported last, after six lines that it alone explained).
 *
 * @param sql - the store, read only; `undefined` for a store not made yet (nothing in it)
 * @param shape - the records to check, from `checkDatasetShape` (well-formed or not)
 * @returns every problem found, causes first, each naming its record by id
 */
export async function checkReferences(sql: Sql | undefined, shape: DatasetShape): Promise<PayloadProblem[]> {
  const { dataset, document } = shape;
  const at = (list: DatasetList, index: number) => shape.positions?.[list]?.[index] ?? index;
  const problems: PayloadProblem[] = shape.nulCharacters ?? findNulCharacters(document);

  // `container` is where the list is in the document; `place` maps a list index to its position there.
  const duplicates = <T>(
    container: PropertyKey[],
    records: readonly T[],
    key: (record: T) => unknown,
    field: string,
    place: (index: number) => number = (index) => index,
  ) => {
    const found = findDuplicates(records, (record) => {
      const value = key(record);
      return isText(value) ? value : undefined;
    });
    for (const { index, first } of found) {
      const other = `${String(container.at(-1))}[${place(first)}]`;
      problems.push(
        problemAt(
          document,
          [...container, place(index), field],
          (name) => `the same \`${name}\` as ${other}; each must be unique`,
        ),
      );
    }
  };
  const top = (list: DatasetList) => (index: number) => at(list, index);
  duplicates(["accounts"], dataset.accounts, (a) => a.id, "id", top("accounts"));
  duplicates(["tokens"], dataset.tokens, (t) => t.token, "token", top("tokens"));
  duplicates(["users"], dataset.users, (u) => u.id, "id", top("users"));
  duplicates(["resources"], dataset.resources, (r) => r.id, "id", top("resources"));
  duplicates(["equipmentTypes"], dataset.equipmentTypes, (t) => t.id, "id", top("equipmentTypes"));
  duplicates(["equipments"], dataset.equipments, (e) => e.id, "id", top("equipments"));
  for (const [index, type] of dataset.equipmentTypes.entries()) {
    const container = ["equipmentTypes", at("equipmentTypes", index), "metafields"];
    duplicates(container, type.metafields, (m) => m?.id, "id");
  }
  for (const [index, equipment] of dataset.equipments.entries()) {
    const container = ["equipments", at("equipments", index), "schedules"];
    duplicates(container, equipment.schedules, (s) => s?.schedule_id, "schedule_id");
  }

  // The document wins over the store for records it names: that is what the store will hold.
  const malformed = shape.malformedIds;
  const accounts = new Set([...dataset.accounts.map((a) => a.id), ...(malformed?.accounts ?? [])]);
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
      if (isText(version?.creator_id) && !users.has(version.creator_id)) wantedUsers.add(version.creator_id);
  for (const equipment of dataset.equipments)
    for (const id of equipment.assignedUsers_id) if (isText(id) && !users.has(id)) wantedUsers.add(id);

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

  // Moves are causes: found first, so that what follows from one is reported under it.
  const moves = sql
    ? await findAccountMoves(
        sql,
        dataset,
        (i) => types.get(dataset.equipments[i]?.equipmentType_id ?? "")?.accountId,
      )
    : [];
  const causes = new Map<string, PayloadProblem>();
  const causeList: PayloadProblem[] = [];
  const report = (problem: PayloadProblem, cause?: PayloadProblem) => {
    if (!cause) problems.push(problem);
    else if (cause.consequences) cause.consequences.push(problem);
    else cause.consequences = [problem];
  };
  // An equipment's move follows from its type's, so types go first.
  const order: AccountMove["list"][] = ["users", "resources", "equipmentTypes", "tokens", "equipments"];
  for (const move of moves.sort((a, b) => order.indexOf(a.list) - order.indexOf(b.list))) {
    const path = [
      move.list,
      at(move.list, move.index),
      move.list === "equipments" ? "equipmentType_id" : "account_id",
    ];
    const typeCause =
      move.list === "equipments"
        ? causes.get(`equipmentTypes:${dataset.equipments[move.index]!.equipmentType_id}`)
        : undefined;
    if (typeCause) {
      report(
        problemAt(document, path, () => `already belongs to account ${move.owner} in the store`),
        typeCause,
      );
      continue;
    }
    const cause = problemAt(document, path, (field) => movedWording(move, field));
    causes.set(`${move.list}:${move.id ?? move.index}`, cause);
    causeList.push(cause);
  }

  const checkAccount = (list: DatasetList, records: readonly { account_id: string }[]) =>
    records.forEach((record, index) => {
      if (!accounts.has(record.account_id))
        report(
          problemAt(
            document,
            [list, at(list, index), "account_id"],
            (field) => `\`${field}\` names account ${JSON.stringify(record.account_id)}, ${nowhere}`,
          ),
        );
    });
  checkAccount("tokens", dataset.tokens);
  checkAccount("users", dataset.users);
  checkAccount("resources", dataset.resources);
  checkAccount("equipmentTypes", dataset.equipmentTypes);

  const checkUser = (
    path: PropertyKey[],
    id: unknown,
    accountId: string,
    via: PayloadProblem | undefined,
  ) => {
    if (!isText(id) || malformed?.users.has(id)) return;
    const owner = users.get(id);
    if (owner === undefined)
      report(
        problemAt(document, path, (field) => `\`${field}\` names user ${JSON.stringify(id)}, ${nowhere}`),
      );
    else if (owner !== accountId)
      report(
        problemAt(
          document,
          path,
          (field) => `\`${field}\` names user ${JSON.stringify(id)} of another account`,
        ),
        causes.get(`users:${id}`) ?? via,
      );
  };
  dataset.resources.forEach((resource, index) => {
    const via = causes.get(`resources:${resource.id}`);
    for (const [v, version] of resource.versions.entries()) {
      const path = ["resources", at("resources", index), "versions", v, "creator_id"];
      checkUser(path, version?.creator_id, resource.account_id, via);
    }
  });
  dataset.equipments.forEach((equipment, index) => {
    const position = at("equipments", index);
    const type = types.get(equipment.equipmentType_id);
    if (!type) {
      if (!malformed?.equipmentTypes.has(equipment.equipmentType_id))
        report(
          problemAt(
            document,
            ["equipments", position, "equipmentType_id"],
            (field) =>
              `\`${field}\` names equipment type ${JSON.stringify(equipment.equipmentType_id)}, ${nowhere}`,
          ),
        );
      // Without its type the account is unknown, but a user that exists nowhere still is.
      for (const [u, id] of equipment.assignedUsers_id.entries())
        if (isText(id) && !users.has(id) && !malformed?.users.has(id))
          checkUser(["equipments", position, "assignedUsers_id", u], id, "", undefined);
      return;
    }
    const via =
      causes.get(`equipmentTypes:${equipment.equipmentType_id}`) ?? causes.get(`equipments:${equipment.id}`);
    for (const [u, id] of equipment.assignedUsers_id.entries())
      checkUser(["equipments", position, "assignedUsers_id", u], id, type.accountId, via);
    for (const key of Object.keys(equipment.metavalues)) {
      if (!type.metafields.has(key))
        report(
          problemAt(
            document,
            ["equipments", position, "metavalues", key],
            (field) =>
              `\`${field}\` is not a metafield of equipment type ${JSON.stringify(equipment.equipmentType_id)}`,
          ),
        );
    }
  });
  return [...causeList, ...problems];
}
