import type { RateLimit } from "../rateLimit/RateLimiter.js";

/**
 * Reads `--rate-limit N/Ws` (N requests per W seconds), e.g. `600/60s`.
 *
 * @throws Error for anything else, with the expected form
 */
export function parseRateLimit(text: string): RateLimit {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*s\s*$/.exec(text);
  const points = Number(match?.[1]);
  const durationSeconds = Number(match?.[2]);
  if (!match || !(points > 0) || !(durationSeconds > 0)) {
    throw new Error(`invalid rate limit "${text}": expected N/Ws, e.g. 600/60s`);
  }
  return { points, durationSeconds };
}
