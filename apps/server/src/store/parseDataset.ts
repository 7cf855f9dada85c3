import { type Dataset, validate } from "@wsafe/schema";
import { DatasetError } from "./DatasetError.js";
import { noteNulFree } from "./findNulCharacters.js";

/**
 * Validates a decoded document against the `Dataset` schema of `@wsafe/schema` (zod's
 * compiled fast path: about a second for 100 000 equipment on a busy machine, a third
 * of the interpreter's time) and returns it with the defaults applied.
 *
 * @param input - the decoded JSON document
 * @throws DatasetError listing every problem with its path
 * @example
 * const dataset = parseDataset(JSON.parse(text));
 */
export function parseDataset(input: unknown): Dataset {
  const result = validate("Dataset", input);
  if (!result.ok) throw new DatasetError(result.issues);
  return result.value;
}

/**
 * {@link parseDataset} of a JSON text (a byte-order mark allowed): what `wsafe import`
 * reads from its file.
 *
 * @param text - the file's text
 * @throws SyntaxError when it is not JSON; DatasetError when it is not a dataset
 */
export function parseDatasetText(text: string): Dataset {
  const dataset = parseDataset(JSON.parse(text.replace(/^\uFEFF/, "")));
  // JSON can write U+0000 only as the escape \u0000: without one, no walk is needed.
  if (!text.includes("\\u0000")) noteNulFree(dataset);
  return dataset;
}
