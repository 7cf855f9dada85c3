/**
 * How many characters of caller input a failure's `description` quotes at most. A
 * description names what was wrong; echoing a 100 kB value back whole only makes the
 * answer as large as the request (a reflection) and the logs as large as both.
 */
export const quotedInputLimit = 100;

/**
 * Caller input as a `description` quotes it: whole when it is at most
 * {@link quotedInputLimit} characters, else its start, an ellipsis and how much was
 * left out. Every producer of descriptions (the parameter check, the server's lookups,
 * the URL check) quotes through it, so none can reflect a large value.
 *
 * @param text - the key, value or path the caller sent
 * @param limit - the most characters to keep (default {@link quotedInputLimit})
 * @example
 * quoteInput("et_1"); // "et_1"
 * quoteInput("x".repeat(100_000)); // "xxx…x… (99900 more characters)"
 */
export function quoteInput(text: string, limit: number = quotedInputLimit): string {
  if (text.length <= limit) return text;
  let end = limit;
  // Never cut a surrogate pair in half: the answer would hold a lone surrogate.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}… (${text.length - end} more characters)`;
}
