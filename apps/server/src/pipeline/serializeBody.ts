import { RawJsonResult } from "../trpc/RawJsonResult.js";

/**
 * The JSON text of a response body: compact, or indented with two spaces when
 * `pretty` was asked for.
 *
 * @param body - a plain object, or a body whose JSON the database built
 * @param pretty - indent for people
 */
export function serializeBody(body: RawJsonResult | object, pretty: boolean): string {
  if (body instanceof RawJsonResult) {
    const text = body.toBody();
    return pretty ? JSON.stringify(JSON.parse(text), null, 2) : text;
  }
  return pretty ? JSON.stringify(body, null, 2) : JSON.stringify(body);
}
