import { type Dataset, describeJsonSyntaxError } from "@wsafe/schema";
import { checkDatasetShape, type DatasetShape } from "./checkDatasetShape.js";
import { DatasetError } from "./DatasetError.js";
import { noteNulFree } from "./findNulCharacters.js";

/**
 * Validates a decoded document against the `Dataset` schema of `@wsafe/schema` and
 * returns it with the defaults applied.
 *
 * @param input - the decoded JSON document
 * @throws DatasetError listing every problem of its shape, records named by id
 * @example
 * const dataset = parseDataset(JSON.parse(text));
 */
export function parseDataset(input: unknown): Dataset {
  const shape = checkDatasetShape(input);
  if (shape.problems.length > 0) throw new DatasetError(shape.problems);
  return shape.dataset;
}

/**
 * Decodes a dataset file's text (a byte-order mark allowed) and checks its shape: what
 * `wsafe import` reads. A text that is not JSON is refused with the line and column of
 * the fault and the line itself, caret under it; `JSON.parse` gives a character
 * position at best, which nobody can find in a file.
 *
 * @param text - the file's text
 * @returns the shape check, problems included (an import goes on to check references)
 * @throws SyntaxError `not JSON: line 3, column 9: ...` when it is not JSON
 */
export function readDatasetText(text: string): DatasetShape {
  const json = text.replace(/^\uFEFF/, "");
  let document: unknown;
  try {
    document = JSON.parse(json);
  } catch (error) {
    throw new SyntaxError(`not JSON: ${describeJsonSyntaxError(json) ?? (error as Error).message}`);
  }
  // JSON can write U+0000 only as the escape \u0000: without one, no walk is needed.
  if (document && typeof document === "object" && !json.includes("\\u0000")) noteNulFree(document);
  return checkDatasetShape(document);
}
