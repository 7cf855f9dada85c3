import { requestLimits } from "@wsafe/schema";
import type { RequestCase } from "./requestCase.js";

/** The body limit of the request data check. */
export const BODY_LIMIT = requestLimits.bodyBytes;

// Nesting beyond this is allowed to be refused as request_data_invalid (a resource
// limit the pipeline table does not number); up to it, valid JSON must be treated as JSON.
export const NESTING_TOLERATED = 512;

/** The request data decoded, or why it is not: the `request_data` check. */
export type Decoded = { ok: true; data: Record<string, unknown>; ambiguity?: string } | { ok: false };

// fatal: invalid UTF-8 is not JSON text; the default (ignoreBOM false) drops a leading BOM.
const utf8 = new TextDecoder("utf-8", { fatal: true });

// RFC 8259 white space only: anything else (NBSP, U+2028, a BOM inside GET data) is not JSON.
const jsonWhitespaceOnly = /^[ \t\n\r]+$/;

function decodeText(text: string): Decoded {
  if (text === "") return { ok: true, data: {} };
  if (jsonWhitespaceOnly.test(text)) {
    // The contract says "absent/empty data counts as {}" and "invalid JSON fails":
    // white space only is both empty-looking and not a JSON text, so both answers are read as allowed.
    return { ok: true, data: {}, ambiguity: "request data is JSON white space only" };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { ok: false };
  const data = value as Record<string, unknown>;
  // Only a text with that many brackets can nest that deep: skip the walk for the rest.
  if (countBrackets(text) > NESTING_TOLERATED && depthOf(data) > NESTING_TOLERATED) {
    return { ok: true, data, ambiguity: `nesting deeper than ${NESTING_TOLERATED}` };
  }
  return { ok: true, data };
}

/** The `request_data` check: the request data object, or a failure. */
export function decodeRequestData(request: RequestCase): Decoded {
  if (request.method === "GET") {
    if (request.query === undefined || request.query === "") return { ok: true, data: {} };
    let text: string;
    try {
      text = decodeURIComponent(request.query);
    } catch {
      return { ok: false };
    }
    // A proxy may forward `?{json}` as `?{json}=`; a JSON object followed by one `=`
    // is that object (a JSON text never ends with `=`), anything else as sent.
    if (text.endsWith("=")) {
      const json = text.slice(0, -1);
      const decoded = jsonWhitespaceOnly.test(json) || json === "" ? undefined : decodeText(json);
      if (decoded?.ok) return decoded;
    }
    return decodeText(text);
  }
  const body = request.body ?? new Uint8Array();
  if (body.length > BODY_LIMIT) return { ok: false };
  if (body.length === 0) return { ok: true, data: {} };
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return { ok: false };
  }
  return decodeText(text);
}

function countBrackets(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) count++;
  }
  return count;
}

/** Deepest nesting of arrays/objects in a decoded value (iterative). */
function depthOf(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [next, depth] = stack.pop()!;
    if (next !== null && typeof next === "object") {
      max = Math.max(max, depth + 1);
      for (const child of Object.values(next)) stack.push([child, depth + 1]);
    }
  }
  return max;
}
