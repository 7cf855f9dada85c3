/**
 * A new idempotency key: 32 hex digits of 128 random bits. From `getRandomValues`, which
 * browsers give in every context (`randomUUID` only in secure ones).
 *
 * @example
 * newIdempotencyKey(); // "5f0c7a522b1e4d8e9a3c6e1f0b7d2c44"
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    (byte + 256).toString(16).slice(1),
  ).join("");
}
