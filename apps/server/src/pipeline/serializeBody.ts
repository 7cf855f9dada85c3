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
    // PostgreSQL writes jsonb values with spaces after `:` and `,`; one pass through V8's
    // (fast, native) parser and serialiser makes the body compact as decisions §1 asks.
    const value: unknown = JSON.parse(body.toBody());
    return pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value);
  }
  return pretty ? JSON.stringify(body, null, 2) : JSON.stringify(body);
}
