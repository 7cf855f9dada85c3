import * as z from "zod";

/**
 * An instant, as an integer count of milliseconds since the Unix epoch.
 *
 * @param description - what the instant marks, written once for every artifact
 */
export function timestamp(description: string) {
  return z.int().describe(`${description} Milliseconds since the Unix epoch.`);
}

/**
 * An identifier; every field named `id` or ending in `_id` is a string.
 *
 * @param description - what the identifier names
 */
export function identifier(description: string) {
  return z.string().min(1).describe(description);
}
