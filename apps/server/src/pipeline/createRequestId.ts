import { randomBytes } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * A request id for the `SVC-Request-ID` header and the logs: 24 characters of
 * `[A-Za-z0-9]` (about 143 random bits, so ids do not repeat in practice).
 */
export function createRequestId(): string {
  const bytes = randomBytes(24);
  let id = "";
  // 248 is the largest multiple of 62 below 256: rejecting bytes above it keeps every character equally likely.
  for (let i = 0; id.length < 24; i++) {
    const byte = i < bytes.length ? bytes[i]! : randomBytes(1)[0]!;
    if (byte < 248) id += ALPHABET[byte % 62];
  }
  return id;
}
