import { randomUUID } from "node:crypto";
import { EventWriter } from "../events/EventWriter.js";
import { checkDatasetShape, type DatasetShape } from "../store/dataset/checkDatasetShape.js";
import { checkReferences } from "../store/dataset/checkReferences.js";
import { DatasetError } from "../store/dataset/DatasetError.js";
import { datasetInMemory } from "../store/dataset/DatasetStream.js";
import { writeDataset } from "../store/dataset/writeDataset.js";
import type { Store } from "../store/Store.js";
import { runStoreTransaction } from "../writes/StoreTransaction.js";

/** How many records of each kind an import wrote (inserted or updated). */
export interface ImportSummary {
  accounts: number;
  tokens: number;
  users: number;
  resources: number;
  equipmentTypes: number;
  equipments: number;
  schedules: number;
  /** Status transitions recorded: those the import made, and those time made just before it. */
  events: number;
  /**
   * Record events recorded: `equipment.created` or `equipment.updated` for each equipment
   * the import created or changed, `equipmentType.*` for each type (none for a record it
   * left as it was).
   */
  recordEvents: number;
}

/** Options of {@link importDataset}. */
export interface ImportOptions {
  /**
   * Called after each batch with the records written so far and the total; with the
   * total only once the import committed.
   */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Imports a dataset (the `Dataset` format of `@wsafe/schema`) into the store in ONE transaction: all or nothing.
 * The whole document is validated with the schema, and every reference is checked,
 * those of records with shape problems too where they are well-formed; any problem
 * throws a {@link DatasetError} listing them all, by record id, and nothing is written. Records whose ids exist are updated (upsert); records not named are kept.
 * Rows travel by `COPY`, through temporary staging tables for records the store holds
 * (see `writeDataset.ts`). Into an empty store the tables' keys and indexes are dropped
 * and re-created around the load, under an `ACCESS EXCLUSIVE` lock until the commit
 * (see `bulkLoad.ts`). Every status the import changes, and every equipment and type it
 * creates or changes (`equipment.created`, `equipment.updated`, `equipmentType.*`), is
 * recorded as an event of cause `import` in the same transaction, by the event writer
 * (`EventWriter.recordScoped`, for every account: the clock held exclusively).
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
  return importCheckedDataset(store, checkDatasetShape(input), options);
}

/**
 * {@link importDataset} of a document whose shape was checked already
 * (`checkDatasetShape`), so that a caller that did so while the store opened does not
 * pay for it twice. Shape problems are reported together with the references'.
 *
 * @param store - the open store
 * @param shape - the output of `checkDatasetShape`
 * @param options - progress reporting
 * @param at - the import's instant (its events' `occurred_at`); not a public option: the
 *   suites that check events against `equipments.list` place imports on a timeline of their own
 */
export async function importCheckedDataset(
  store: Store,
  shape: DatasetShape,
  options: ImportOptions = {},
  at = Date.now(),
): Promise<ImportSummary> {
  try {
    return await importShape(store, shape, options, at);
  } finally {
    // A streamed file's records written aside go, whatever the outcome.
    await shape.stream?.close?.();
  }
}

async function importShape(
  store: Store,
  shape: DatasetShape,
  options: ImportOptions,
  at: number,
): Promise<ImportSummary> {
  const problems = [...shape.problems, ...(await checkReferences(store.sql, shape))];
  if (problems.length > 0) throw new DatasetError(problems);
  const { dataset } = shape;
  // A streamed file's records are read back from where its check wrote them; its
  // `dataset` holds ids only.
  const source = shape.stream ?? datasetInMemory(dataset);
  const { versions, schedules } = source;
  const total =
    dataset.accounts.length +
    dataset.tokens.length +
    dataset.users.length +
    dataset.resources.length +
    versions +
    dataset.equipmentTypes.length +
    dataset.equipments.length +
    schedules;
  let done = 0;
  let shown = 0;
  const scope = {
    equipmentIds: dataset.equipments.map((equipment) => equipment.id),
    equipmentTypeIds: dataset.equipmentTypes.map((type) => type.id),
  };
  const recorded = await runStoreTransaction(store.sql, async (transaction) => {
    const { sql } = transaction;
    const events = await EventWriter.open(transaction, { accounts: "all", at });
    const change = await events.recordScoped(
      { cause: "import", key: randomUUID(), scope, records: true },
      () =>
        writeDataset(
          sql,
          dataset,
          (count) => {
            done += count;
            // The last record counts once the import is over: keys rebuilt, statistics
            // gathered, committed. Until then a bar at 100 % would say "done" too early.
            const reached = Math.min(done, total - 1);
            if (reached <= shown) return;
            shown = reached;
            options.onProgress?.(reached, total);
          },
          source,
        ),
    );
    return { events: events.timeEvents + change.events, records: change.records };
  });
  if (total > 0) options.onProgress?.(total, total);

  return {
    accounts: dataset.accounts.length,
    tokens: dataset.tokens.length,
    users: dataset.users.length,
    resources: dataset.resources.length,
    equipmentTypes: dataset.equipmentTypes.length,
    equipments: dataset.equipments.length,
    schedules,
    events: recorded.events,
    recordEvents: recorded.records,
  };
}
