import { type Dataset, datasetSchema, formatIssuePath } from "@wsafe/schema";
import { checkReferences } from "./checkReferences.js";
import { equipmentColumns, quoteField, resourceColumns, scheduleColumns, versionColumns } from "./columns.js";
import { DatasetError } from "./DatasetError.js";
import { hashToken } from "./hashToken.js";
import { insertFromJson } from "./insertFromJson.js";
import type { Sql } from "./Sql.js";
import type { Store } from "./Store.js";

const accountColumn = { column: "account_id", type: "text" } as const;

/** How many records of each kind an import wrote (inserted or updated). */
export interface ImportSummary {
  accounts: number;
  tokens: number;
  users: number;
  resources: number;
  equipmentTypes: number;
  equipments: number;
  schedules: number;
}

/** Options of {@link importDataset}. */
export interface ImportOptions {
  /** Called after each batch with the records written so far and the total. */
  onProgress?: (done: number, total: number) => void;
}

// Records per statement: each batch travels as one JSON parameter expanded by
// json_to_recordset, so a large file costs a few hundred statements, not one per row.
const BATCH = 2000;

function* batches<T>(list: readonly T[]): Generator<T[]> {
  for (let start = 0; start < list.length; start += BATCH) yield list.slice(start, start + BATCH);
}

async function writeBatches<T>(
  sql: Sql,
  list: readonly T[],
  text: string,
  progress: (count: number) => void,
) {
  for (const batch of batches(list)) {
    await sql.query(text, [JSON.stringify(batch)]);
    progress(batch.length);
  }
}

/**
 * Imports a dataset (the `Dataset` format of `@wsafe/schema`) into the store in ONE transaction: all or nothing.
 * The whole document is validated with the schema first, then every reference is
 * checked; any problem throws a {@link DatasetError} listing them all and nothing is
 * written. Records whose ids exist are updated (upsert); records not named are kept.
 *
 * @param store - the open store
 * @param input - the decoded JSON document (validated here) or a dataset
 * @param options - progress reporting
 * @example
 * const summary = await importDataset(store, createDemoDataset());
 * console.log(summary.equipments);
 */
export async function importDataset(
  store: Store,
  input: unknown,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const parsed = datasetSchema.safeParse(input);
  if (!parsed.success) {
    throw new DatasetError(
      parsed.error.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message })),
    );
  }
  const dataset: Dataset = parsed.data;
  const issues = await checkReferences(store.sql, dataset);
  if (issues.length > 0) throw new DatasetError(issues);

  const schedules = dataset.equipments.flatMap((e) => e.schedules.map((s) => ({ equipment_id: e.id, ...s })));
  const versions = dataset.resources.flatMap((r) =>
    r.versions.map((v, position) => ({ resource_id: r.id, position, ...v })),
  );
  const total =
    dataset.accounts.length +
    dataset.tokens.length +
    dataset.users.length +
    dataset.resources.length +
    versions.length +
    dataset.equipmentTypes.length +
    dataset.equipments.length +
    schedules.length;
  let done = 0;
  const progress = (count: number) => {
    done += count;
    options.onProgress?.(done, total);
  };

  await store.sql.transaction(async (sql) => {
    await writeBatches(
      sql,
      dataset.accounts,
      `INSERT INTO accounts (id, name, active)
       SELECT x.id, x.name, x.active FROM json_to_recordset($1::json) AS x(id text, name text, active boolean)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, active = EXCLUDED.active`,
      progress,
    );
    await writeBatches(
      sql,
      dataset.users,
      `INSERT INTO users (id, account_id, name)
       SELECT x.id, x.account_id, x.name FROM json_to_recordset($1::json) AS x(id text, account_id text, name text)
       ON CONFLICT (id) DO UPDATE SET account_id = EXCLUDED.account_id, name = EXCLUDED.name`,
      progress,
    );
    await writeBatches(
      sql,
      dataset.tokens.map((t) => ({
        h: hashToken(t.token).toString("hex"),
        a: t.account_id,
        active: t.active,
        p: t.permissions,
      })),
      `INSERT INTO tokens (token_hash, account_id, active, permissions)
       SELECT decode(x.h, 'hex'), x.a, x.active, ARRAY(SELECT json_array_elements_text(x.p))
         FROM json_to_recordset($1::json) AS x(h text, a text, active boolean, p json)
       ON CONFLICT (token_hash) DO UPDATE
         SET account_id = EXCLUDED.account_id, active = EXCLUDED.active, permissions = EXCLUDED.permissions`,
      progress,
    );
    await writeBatches(
      sql,
      dataset.resources.map(({ versions: _versions, ...resource }) => resource),
      insertFromJson({
        table: "resources",
        fields: { ...resourceColumns, account_id: accountColumn },
        conflictColumn: "id",
      }),
      progress,
    );
    // A resource named again brings its whole list of versions.
    for (const batch of batches(dataset.resources.map((r) => r.id))) {
      await sql.query("DELETE FROM resource_versions WHERE resource_id = ANY($1::text[])", [batch]);
    }
    await writeBatches(
      sql,
      versions,
      insertFromJson({
        table: "resource_versions",
        fields: {
          resource_id: { column: "resource_id", type: "text" },
          position: { column: "position", type: "integer" },
          ...versionColumns,
        },
      }),
      progress,
    );
    await writeBatches(
      sql,
      dataset.equipmentTypes,
      `INSERT INTO equipment_types (id, account_id, name, metafields)
       SELECT x.id, x.account_id, x.name, x.metafields
         FROM json_to_recordset($1::json) AS x(id text, account_id text, name text, metafields jsonb)
       ON CONFLICT (id) DO UPDATE SET account_id = EXCLUDED.account_id, name = EXCLUDED.name, metafields = EXCLUDED.metafields`,
      progress,
    );
    // The account of an equipment is its type's; a type moved to another account takes its equipment along.
    await sql.query(
      `UPDATE equipments e SET account_id = t.account_id FROM equipment_types t
        WHERE t.id = e.equipment_type_id AND t.account_id <> e.account_id AND t.id = ANY($1::text[])`,
      [dataset.equipmentTypes.map((t) => t.id)],
    );
    await writeBatches(
      sql,
      dataset.equipments.map(({ schedules: _schedules, ...equipment }) => equipment),
      insertFromJson({
        table: "equipments",
        fields: equipmentColumns,
        // The account of an equipment is its type's.
        computed: [{ column: "account_id", expression: "t.account_id" }],
        join: `JOIN equipment_types t ON t.id = x.${quoteField("equipmentType_id")}`,
        conflictColumn: "id",
      }),
      progress,
    );
    // An equipment named again brings its whole list of schedules.
    for (const batch of batches(dataset.equipments.map((e) => e.id))) {
      await sql.query("DELETE FROM schedules WHERE equipment_id = ANY($1::text[])", [batch]);
    }
    await writeBatches(
      sql,
      schedules,
      insertFromJson({
        table: "schedules",
        fields: { equipment_id: { column: "equipment_id", type: "text" }, ...scheduleColumns },
      }),
      progress,
    );
    // Fresh statistics, after every import: without them the planner takes a table for
    // one row and joins a type's schedules by nested loop, re-aggregating them for every
    // equipment (equipments.list of 300 took 740 ms on PGlite instead of 23 ms, measured
    // with EXPLAIN ANALYZE). PGlite has no autovacuum to gather them later, and on
    // PostgreSQL it would come only after the import's first requests.
    await sql.query(
      "ANALYZE accounts, tokens, users, resources, resource_versions, equipment_types, equipments, schedules",
    );
  });

  return {
    accounts: dataset.accounts.length,
    tokens: dataset.tokens.length,
    users: dataset.users.length,
    resources: dataset.resources.length,
    equipmentTypes: dataset.equipmentTypes.length,
    equipments: dataset.equipments.length,
    schedules: schedules.length,
  };
}
