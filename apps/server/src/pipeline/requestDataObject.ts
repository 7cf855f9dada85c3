import { ApiError } from "../errors/ApiError.js";

/**
 * Parsed JSON with every object copied to a null prototype (arrays are kept, in place),
 * so `__proto__` or `constructor` are plain own keys that the parameter check then names
 * as unexpected. A walk after the parse rather than a reviver: a reviver is called for
 * every value and made decoding a small body three times slower.
 */
function withoutPrototypes(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = withoutPrototypes(value[i]);
    return value;
  }
  const safe = Object.create(null) as Record<string, unknown>;
  // JSON.parse made `__proto__` an own data key; on a null-prototype object assigning it stays one.
  for (const key of Object.keys(value))
    safe[key] = withoutPrototypes((value as Record<string, unknown>)[key]);
  return safe;
}

/** Whether a value is an object of a class (a stream, a file), which JSON never decodes to. */
function isClassInstance(value: unknown): boolean {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype !== Object.prototype && prototype !== null;
}

/**
 * The request data object of decoded JSON (the `request_data` check): a JSON object,
 * every object in it copied to a null prototype. Both `/v1` (its body or query string,
 * `decodeRequestData`) and `/trpc` (the input tRPC decoded) end here, so both hold
 * request data to the same rule.
 *
 * @param parsed - what JSON.parse made of the request data
 * @throws ApiError `request_data_invalid` for a non-object, or data nested too deeply to walk
 * @example
 * requestDataObject(JSON.parse('{"token":"t"}')); // { token: "t" }, null prototype
 */
export function requestDataObject(parsed: unknown): Record<string, unknown> {
  // Asked before the walk, which copies every object to a plain one.
  const classInstance = isClassInstance(parsed);
  let value: unknown;
  try {
    value = withoutPrototypes(parsed);
  } catch {
    // JSON.parse does not recurse; the walk does, and valid JSON can be deeper than the stack.
    throw new ApiError("request_data_invalid", "request data is nested too deeply");
  }
  if (classInstance || value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ApiError("request_data_invalid", "request data must be a JSON object");
  }
  return value as Record<string, unknown>;
}
