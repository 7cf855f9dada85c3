import { existsSync } from "node:fs";
import { join } from "node:path";
import { type ImportSummary, importCheckedDataset } from "../import/importDataset.js";
import { scheduleDateWarnings } from "../import/scheduleDateWarnings.js";
import { ImportProgress } from "../metrics/ImportProgress.js";
import { databaseKind } from "../store/database/databaseKind.js";
import { checkDatasetFile, DatasetTooLargeError } from "../store/dataset/checkDatasetFile.js";
import type { DatasetShape } from "../store/dataset/checkDatasetShape.js";
import { checkReferences } from "../store/dataset/checkReferences.js";
import { DatasetError } from "../store/dataset/DatasetError.js";
import { RecordSpillError } from "../store/dataset/RecordSpill.js";
import { openStore } from "../store/openStore.js";
import type { Store } from "../store/Store.js";
import { createdPaths } from "./createdPaths.js";
import { describeError } from "./describeError.js";
import { importProgress } from "./importProgress.js";
import { migrationLines } from "./migrationLines.js";
import { say } from "./say.js";

/** Why `wsafe import` stopped, in the words it prints (`wsafe: <message>`), exit status 1. */
export class ImportCommandError extends Error {}

/**
 * Whether opening the store can start while the file is read: a PostgreSQL server, or
 * an embedded store that exists. A new directory waits for a valid file, so that a
 * wrong file leaves no store behind (making one costs seconds of initdb anyway).
 */
function opensEarly(database: string): boolean {
  const kind = databaseKind(database);
  return kind === "postgres" || (kind === "directory" && existsSync(join(database, "PG_VERSION")));
}

/**
 * `wsafe import FILE --database D`: reads the file as a stream, checking each record as
 * it comes and keeping only ids (`checkDatasetFile`), checks the references, then reads
 * it again to import it in one transaction, by COPY in chunks, with progress on stderr
 * (see {@link importProgress}): its memory does not grow with the file's size, only
 * with its ids.
 * An invalid file is refused with every problem of it (shape and references, the first
 * 50 listed), records named by id. An existing store is
 * opened while the file is parsed and validated (PGlite compiles its WebAssembly on
 * other threads meanwhile): seconds saved on a large file.
 *
 * A store directory the import made itself is removed again when it fails (a full disk,
 * say), so a failed first import leaves nothing behind. Schedules whose dates are out of
 * order are imported and warned about on stderr ({@link scheduleDateWarnings}).
 *
 * @param file - the dataset file
 * @param database - `--database`
 * @param imports - where `/metrics` reads the import's progress and outcome (`--metrics-port`)
 * @returns the counts written
 * @throws ImportCommandError with the message to print; nothing was written
 */
export async function runImport(
  file: string,
  database: string,
  imports: ImportProgress = new ImportProgress(),
): Promise<ImportSummary> {
  const created = createdPaths(databaseKind(database) === "directory" ? [database] : []);
  try {
    return await importFile(file, database, imports);
  } catch (error) {
    await created.remove();
    throw error;
  }
}

async function importFile(file: string, database: string, imports: ImportProgress): Promise<ImportSummary> {
  const opening = opensEarly(database) ? openStore(database) : undefined;
  // Seen below; this only keeps a failure from counting as unhandled meanwhile.
  opening?.catch(() => {});
  let shape: DatasetShape;
  try {
    try {
      shape = await checkDatasetFile(file);
    } catch (error) {
      if (
        error instanceof SyntaxError ||
        error instanceof DatasetTooLargeError ||
        error instanceof RecordSpillError
      )
        throw new ImportCommandError(`${file}: ${error.message}\nnothing was imported`);
      throw new ImportCommandError(`cannot read ${file}: ${(error as Error).message}`);
    }
    if (shape.problems.length > 0 && !opening) {
      // No store to compare with (a new directory must not be made for a wrong file):
      // the references are checked against the file alone, and everything is reported.
      const problems = [...shape.problems, ...(await checkReferences(undefined, shape))];
      throw new ImportCommandError(`${file}: ${new DatasetError(problems).message}\nnothing was imported`);
    }
  } catch (error) {
    await opening?.then((store) => store.close()).catch(() => {});
    throw error;
  }
  let store: Store;
  try {
    store = await (opening ?? openStore(database));
  } catch (error) {
    await shape.stream?.close?.();
    throw new ImportCommandError(`import failed, nothing was imported: ${describeError(error, database)}`);
  }
  for (const line of migrationLines(store.migrations)) say(line);
  try {
    // Progress on stderr, so that stdout holds the summary alone.
    const show = importProgress(process.stderr);
    const summary = await imports.track((count) =>
      importCheckedDataset(store, shape, {
        onProgress: (done, total) => {
          count(done, total);
          show(done, total);
        },
      }),
    );
    for (const line of scheduleDateWarnings(shape.misorderedSchedules ?? shape.dataset))
      process.stderr.write(`${line}\n`);
    return summary;
  } catch (error) {
    if (error instanceof DatasetError)
      throw new ImportCommandError(`${file}: ${error.message}\nnothing was imported`);
    throw new ImportCommandError(`import failed, nothing was imported: ${describeError(error, database)}`);
  } finally {
    // A store that failed mid-write (a full disk) may fail to close too: the import's own error is what counts.
    await store.close().catch(() => {});
  }
}
