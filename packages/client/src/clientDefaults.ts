import { defaultHeaderPrefix } from "@wsafe/schema/wire";

/**
 * What a client does with an option left out of {@link createClient}'s options, written
 * once: `createClient` fills its options from it, and the docs print it. Frozen, since a
 * change to a shared object would change every other client in the process.
 *
 * @example
 * import { clientDefaults, createClient } from "@wsafe/client";
 * const client = createClient({ baseUrl, token, retries: { ...clientDefaults.retries, maxRetries: 5 } });
 * @see https://docs.wsafe.dev/client/#options
 */
export const clientDefaults = Object.freeze({
  /** POST: the JSON request data is the body. */
  method: "POST",
  /** A whole call, retries and their waits included, in milliseconds. */
  timeoutMs: 60_000,
  /** The retry policy; `retries: false` means a single attempt. */
  retries: Object.freeze({
    /** Retries after the first attempt. */
    maxRetries: 3,
    /** Backoff before the first retry; it doubles with each retry. */
    minDelayMs: 250,
    /** The longest wait; a longer `Retry-After` is not waited for. */
    maxDelayMs: 30_000,
  }),
  /** Prefix of the `<prefix>-Request-ID` and `<prefix>-Response-Time` headers: the contract's default. */
  headerPrefix: defaultHeaderPrefix,
} as const);
