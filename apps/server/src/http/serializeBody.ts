import { compactJson } from "../json/compactJson.js";
import { KeptAnswer } from "../results/KeptAnswer.js";
import { RawJsonResult } from "../results/RawJsonResult.js";

/**
 * The JSON of a response body: compact, or indented with two spaces when `pretty` was
 * asked for.
 *
 * @param body - a plain object, a body whose JSON the database built, or one kept under an idempotency key
 * @param pretty - indent for people
 * @returns JSON text, or its UTF-8 bytes for a database-built body
 */
export function serializeBody(body: RawJsonResult | KeptAnswer | object, pretty: boolean): string | Buffer {
  // Kept compact: the first answer's bytes, whichever release wrote them.
  if (body instanceof KeptAnswer) return pretty ? JSON.stringify(JSON.parse(body.json), null, 2) : body.json;
  if (body instanceof RawJsonResult) {
    // PostgreSQL writes its JSON with spaces after `:` and `,`; one pass over the bytes
    // makes it compact without building the (large) object tree. Only `pretty` needs
    // the tree, to indent it.
    if (pretty) return JSON.stringify(JSON.parse(body.toBody()), null, 2);
    if (body.compact) return body.keptBody() ?? body.toBody();
    return compactJson(body.toBody());
  }
  return pretty ? JSON.stringify(body, null, 2) : JSON.stringify(body);
}
