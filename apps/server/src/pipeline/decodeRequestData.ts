import { ApiError } from "../errors/ApiError.js";
import { requestDataObject } from "./requestDataObject.js";

const invalid = (description: string) => new ApiError("request_data_invalid", description);

// Made once: a decode() without `stream` keeps no state between calls, and making a
// decoder costs more than decoding a small body.
const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

function toObject(text: string): Record<string, unknown> {
  // Only JSON's own white space makes the data empty; `trim()` would also swallow
  // U+00A0, U+2028 and friends, which are not JSON and must be request_data_invalid.
  if (/^[ \t\n\r]*$/.test(text)) return Object.create(null) as Record<string, unknown>;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid("request data is not valid JSON");
  }
  return requestDataObject(parsed);
}

/**
 * The request data of a GET whose query string a form-minded proxy rewrote: Prism, for
 * one, reads `?{json}` as a parameter named by the JSON with no value and forwards
 * `?{json}=`. A JSON text never ends with `=`, so a decoded query string that is a
 * JSON object followed by one `=` is that object, unambiguously; anything else keeps
 * the error of the text as sent.
 */
function queryObject(text: string): Record<string, unknown> {
  if (text.endsWith("=")) {
    const json = text.slice(0, -1);
    // "=" alone is not "{}": only an object followed by `=` is read as that object.
    if (!/^[ \t\n\r]*$/.test(json)) {
      try {
        return toObject(json);
      } catch {
        // Not an object either way: answer with what is wrong with the text as sent.
      }
    }
  }
  return toObject(text);
}

/**
 * Decodes the request data of the `request_data` check (`requestChecks` of `@wsafe/schema`): for POST the body (any Content-Type,
 * a UTF-8 BOM tolerated), for GET the whole query string, percent-decoded (one `=`
 * after the JSON object, as a proxy may add, is ignored). Absent or empty data is `{}`.
 *
 * @param method - `GET`, whose data is its query string; any other is `POST` (the
 *   `http_method` check lets no other through), whose data is its body
 * @param rawQuery - what follows `?` in the URL (without it), or `""`
 * @param body - the raw POST body
 * @throws ApiError `request_data_invalid` for bad encoding, bad JSON or a non-object
 */
export function decodeRequestData(
  method: string,
  rawQuery: string,
  body: Buffer | undefined,
): Record<string, unknown> {
  if (method === "GET") {
    let text: string;
    try {
      // `+` is not a space here: the query string is percent-encoded JSON, not a form.
      text = decodeURIComponent(rawQuery);
    } catch {
      throw invalid("query string is not valid percent-encoding");
    }
    return queryObject(text);
  }
  let text: string;
  try {
    // No body, or an empty one, decodes to "", which `toObject` reads as `{}`.
    text = strictUtf8.decode(body);
  } catch {
    throw invalid("request body is not valid UTF-8");
  }
  return toObject(text);
}
