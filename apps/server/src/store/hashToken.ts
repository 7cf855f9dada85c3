import { createHash } from "node:crypto";

/**
 * The stored form of a token: its SHA-256 digest. Tokens are long random secrets, so a
 * fast unsalted hash is enough to make a leaked table useless, and it lets the store
 * find a token by an index lookup on the digest instead of comparing secrets.
 *
 * @param token - the plain secret a caller sends
 */
export function hashToken(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}
