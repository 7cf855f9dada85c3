import { createReadStream } from "node:fs";
import { type FileHandle, mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Dataset } from "@wsafe/schema";
import type { DatasetStream, RecordBatch } from "./DatasetStream.js";
import type { DatasetList } from "./datasetLists.js";

/** The checked records could not be written aside (a full disk): nothing was imported. */
export class RecordSpillError extends Error {}

/** Records per batch read back. */
const batchSize = 1000;

/**
 * The checked records of a dataset file, written aside as the first read checks them,
 * one JSON line per record and one file per list, in a temporary directory: the write
 * reads them back in the order the foreign keys want, each line decoded by `JSON.parse`
 * (native, several times faster than the streaming parser and the schema again), and
 * the directory goes when the import ends. It takes about the file's size on the disk
 * of `os.tmpdir()` (`TMPDIR`).
 */
export class RecordSpill {
  private readonly files = new Map<DatasetList, FileHandle>();

  private constructor(readonly dir: string) {}

  /** Makes the temporary directory. */
  static async create(): Promise<RecordSpill> {
    try {
      return new RecordSpill(await mkdtemp(join(tmpdir(), "wsafe-import-")));
    } catch (error) {
      throw new RecordSpillError(
        `cannot make a directory in ${tmpdir()} to keep the checked records aside until the import ends (about the file's size): ${(error as Error).message}. Set TMPDIR to a directory with room`,
      );
    }
  }

  /** Adds checked records (defaults applied) of one list. */
  async add(list: DatasetList, records: readonly unknown[]): Promise<void> {
    try {
      let file = this.files.get(list);
      if (!file) {
        file = await open(join(this.dir, `${list}.jsonl`), "w");
        this.files.set(list, file);
      }
      let text = "";
      for (const record of records) text += `${JSON.stringify(record)}\n`;
      await file.write(text);
    } catch (error) {
      throw new RecordSpillError(
        `cannot write the checked records aside in ${this.dir}: ${(error as Error).message}. The import keeps them there until it ends, about the file's size: free space in that directory, or set TMPDIR to one with room`,
      );
    }
  }

  /** Removes the directory and what it holds. */
  async remove(): Promise<void> {
    await this.closeFiles();
    await rm(this.dir, { recursive: true, force: true });
  }

  private async closeFiles() {
    for (const file of this.files.values()) await file.close();
    this.files.clear();
  }

  /**
   * The records written aside, as the import's source.
   *
   * @param counts - the versions and schedules they hold
   */
  async stream(counts: { versions: number; schedules: number }): Promise<DatasetStream> {
    const lists = [...this.files.keys()];
    await this.closeFiles();
    const dir = this.dir;
    return {
      order: lists,
      ...counts,
      async *batches(wanted) {
        for (const list of lists.filter((name) => wanted.includes(name))) {
          let pending = "";
          let records: unknown[] = [];
          const stream = createReadStream(join(dir, `${list}.jsonl`), {
            encoding: "utf8",
            highWaterMark: 2 ** 20,
          });
          for await (const chunk of stream as AsyncIterable<string>) {
            const text = pending + chunk;
            let start = 0;
            for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
              records.push(JSON.parse(text.slice(start, end)));
              start = end + 1;
              if (records.length === batchSize) {
                yield { list, records } as RecordBatch;
                records = [];
              }
            }
            pending = text.slice(start);
          }
          if (records.length > 0) yield { list, records: records as Dataset[typeof list] } as RecordBatch;
        }
      },
      close: () => rm(dir, { recursive: true, force: true }),
    };
  }
}
