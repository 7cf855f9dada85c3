import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { JSONParser } from "@streamparser/json";
import { describeJsonSyntaxError } from "@wsafe/schema";
import { describeSyntaxErrorAt } from "./describeSyntaxErrorAt.js";
import { followTopLevel } from "./followTopLevel.js";

/** Consecutive records of one list of a dataset file, as the file holds them. */
export interface DatasetBatch {
  /** The top-level key of the list (`equipments`), as the file spells it. */
  list: string;
  /** The position in the list of the first record. */
  start: number;
  /** The records, decoded, in file order. */
  records: unknown[];
  /**
   * Whether the bytes read so far hold the escape `\u0000`, the only way JSON writes
   * U+0000: when not, no record of this batch can hold it and no walk is needed.
   */
  mayHoldNul: boolean;
}

/** What the whole file showed once every batch was handed out. */
export interface DatasetFileOutline {
  /**
   * The document with every list emptied: the top-level value's kind, its keys in file
   * order, and each key's value when it is not an array (an object stands as `{}`).
   * What the schema can still find wrong once the records are checked one by one.
   */
  skeleton: unknown;
  /** Top-level keys that hold an array and appear more than once. */
  repeated: string[];
}

/** Options of {@link readDatasetFile}. */
export interface ReadDatasetFileOptions {
  /** The lists to hand out; the others are parsed and skipped. Every list when absent. */
  lists?: ReadonlySet<string>;
  /** Records per batch at most (1 000). */
  batchSize?: number;
  /**
   * Bytes read from the file at a time (1 MiB): with one batch, all the import holds of
   * the file at once.
   */
  chunkBytes?: number;
  /**
   * A file not JSON and at most this large (64 MiB) is read whole to word its fault
   * exactly as `JSON.parse` finds it; a larger one is worded from the streaming parser.
   */
  wholeTextBytes?: number;
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const NUL_ESCAPE = Buffer.from("\\u0000");

/**
 * The records of a dataset file, batch by batch, decoded by a streaming parser
 * (`@streamparser/json`, the `$.*.*` path: each element of each top-level list) as the
 * file is read: the file is never held whole, nor the records of a batch already handed
 * out. The parser drops each record from its own tree once handed over (`keepStack:
 * false`). A byte-order mark is allowed.
 *
 * @param file - the path of the JSON file
 * @param options - which lists, batch and read sizes
 * @returns (once every batch is out) the document's outline, to check its top level
 * @throws SyntaxError `not JSON: line 3, column 9: ...` when the file is not JSON
 * @example
 * for await (const batch of readDatasetFile("fleet.json")) console.log(batch.list, batch.records.length);
 */
export async function* readDatasetFile(
  file: string,
  options: ReadDatasetFileOptions = {},
): AsyncGenerator<DatasetBatch, DatasetFileOutline> {
  const batchSize = options.batchSize ?? 1000;
  const parser = new JSONParser({ paths: ["$.*.*"], keepStack: false });
  const ready: DatasetBatch[] = [];
  let current: DatasetBatch | undefined;
  let nulEscape = false;
  // Where each list stands: positions count on across batches.
  const counts = new Map<string, number>();
  let lastList: string | undefined;

  const top = followTopLevel();
  parser.onToken = top.onToken;
  parser.onValue = ({ value, parent, stack }) => {
    // Only elements of a top-level list are records; members of a top-level object are not.
    const list = stack.length === 2 ? stack[1]!.key : undefined;
    if (typeof list !== "string" || !Array.isArray(parent)) return;
    if (options.lists && !options.lists.has(list)) return;
    if (list !== lastList) {
      if (current) ready.push(current);
      current = undefined;
      lastList = list;
    }
    if (!current) {
      current = { list, start: counts.get(list) ?? 0, records: [], mayHoldNul: false };
    }
    current.records.push(value);
    counts.set(list, (counts.get(list) ?? 0) + 1);
    if (current.records.length >= batchSize) {
      ready.push(current);
      current = undefined;
    }
  };

  let read = 0;
  let tail = Buffer.alloc(0);
  const stream = createReadStream(file, { highWaterMark: options.chunkBytes ?? 2 ** 20 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let bytes = chunk;
      if (read === 0 && bytes.subarray(0, 3).equals(BOM)) bytes = bytes.subarray(3);
      read += chunk.length;
      if (!nulEscape) {
        // The escape may straddle two chunks: the last bytes of the one before are looked at again.
        nulEscape = Buffer.concat([tail, bytes.subarray(0, NUL_ESCAPE.length)]).includes(NUL_ESCAPE);
        nulEscape ||= bytes.includes(NUL_ESCAPE);
        tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - NUL_ESCAPE.length + 1)));
      }
      parser.write(bytes);
      while (ready.length > 0) yield { ...ready.shift()!, mayHoldNul: nulEscape };
    }
    if (!parser.isEnded) parser.end();
  } catch (error) {
    stream.destroy();
    if (!(error instanceof Error) || (error as NodeJS.ErrnoException).code !== undefined) throw error;
    throw await syntaxError(file, error, top.lastOffset(), read <= (options.wholeTextBytes ?? 64 * 2 ** 20));
  }
  if (current) ready.push(current);
  while (ready.length > 0) yield { ...ready.shift()!, mayHoldNul: nulEscape };
  const outline = top.outline();
  if (outline.skeleton === undefined) throw await syntaxError(file, new Error("the file is empty"), 0, true);
  return outline;
}

/**
 * The words of a file that is not JSON: for a file small enough to read whole, exactly
 * what the import said before it streamed (`describeJsonSyntaxError`, from `JSON.parse`);
 * for a larger one, the streaming parser's reason at the line and column it stopped.
 */
async function syntaxError(
  file: string,
  error: Error,
  lastOffset: number,
  whole: boolean,
): Promise<SyntaxError> {
  if (whole) {
    const text = (await readFile(file, "utf8")).replace(/^\uFEFF/, "");
    const exact = describeJsonSyntaxError(text);
    if (exact) return new SyntaxError(`not JSON: ${exact}`);
  }
  const stated = /absolute position "(\d+)"/.exec(error.message);
  const offset = stated ? Number(stated[1]) : lastOffset;
  const reason = error.message.replace(/ at chunk position .*$/, "").replace(/ \(state: \w+\)\..*$/, "");
  return new SyntaxError(`not JSON: ${await describeSyntaxErrorAt(file, offset, reason)}`);
}
