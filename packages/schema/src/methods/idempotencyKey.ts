import * as z from "zod";

/** How long the service keeps an `idempotency_key` of a write: 24 hours from its first use. */
export const idempotencyKeyLifetimeMs = 24 * 60 * 60 * 1000;

/**
 * The form of an idempotency key: 1 to 255 printable ASCII characters, as an HTTP header
 * value. Every write method takes it as `idempotency_key` (`defineMethod` adds it).
 */
export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x20-\x7E]+$/, { error: "must be printable ASCII characters (space to ~)" })
  .describe(
    `Makes retrying safe: 1 to 255 printable ASCII characters (a UUID is usual), unique per account for ${idempotencyKeyLifetimeMs / 3_600_000} hours. Sent again with the same parameters, the request changes nothing more and answers the first answer again (a retry that arrives while the first is still being made waits for it); with other parameters, or to another method, it answers \`idempotency_key_reused\`. A request that failed kept nothing under its key. \`@wsafe/client\` sends one of its own with every call.`,
  );

/**
 * The parameter every write method takes besides its own, the optional `idempotency_key`
 * (`idempotencyKeyParameter` of `@wsafe/schema/wire`, which the client reads).
 */
export const idempotencyKeyShape = { idempotency_key: idempotencyKeySchema.optional() };
