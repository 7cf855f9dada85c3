import fc from "fast-check";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryRateCounter } from "./MemoryRateCounter.js";

afterEach(() => {
  vi.useRealTimers();
});

/** What rate-limiter-flexible's memory limiter answers: undefined when allowed, else msBeforeNext. */
async function reference(limiter: RateLimiterMemory, key: string): Promise<number | undefined> {
  try {
    await limiter.consume(key);
    return undefined;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return rejection.msBeforeNext;
    throw rejection;
  }
}

describe("MemoryRateCounter", () => {
  it("allows `points` requests per window, refuses the rest until the window ends", () => {
    const counter = new MemoryRateCounter(2, 10);
    try {
      expect(counter.consume("a", 1_000)).toBeUndefined();
      expect(counter.consume("a", 2_000)).toBeUndefined();
      expect(counter.consume("a", 3_000)).toBe(8_000);
      // Another key has its own window.
      expect(counter.consume("b", 3_000)).toBeUndefined();
      // Refused requests count too; the window still ends when it began + 10 s.
      expect(counter.consume("a", 10_999)).toBe(1);
      expect(counter.consume("a", 11_000)).toBeUndefined();
    } finally {
      counter.close();
    }
  });

  it("forgets ended windows on a sweep, and sweeps only while a window is kept", () => {
    const counter = new MemoryRateCounter(5, 1);
    try {
      expect(counter.sweeping).toBe(false);
      counter.consume("a", 0);
      counter.consume("b", 500);
      expect(counter.sweeping).toBe(true);
      counter.sweep(1_000);
      expect(counter.size).toBe(1);
      counter.sweep(1_500);
      expect(counter.size).toBe(0);
      // Idle: no timer wakes the process.
      expect(counter.sweeping).toBe(false);
      counter.consume("a", 2_000);
      expect(counter.sweeping).toBe(true);
    } finally {
      counter.close();
    }
  });

  it("answers exactly what rate-limiter-flexible's RateLimiterMemory answers, step by step", async () => {
    // Random limits and random sequences of requests from a few keys at random instants:
    // both counters see the same clock and must agree on every request.
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(
          fc.record({ key: fc.constantFrom("a", "b", "c"), advanceMs: fc.integer({ min: 0, max: 1_500 }) }),
          {
            maxLength: 60,
          },
        ),
        async (points, durationSeconds, steps) => {
          vi.useFakeTimers({ now: 1_700_000_000_000 });
          const limiter = new RateLimiterMemory({ points, duration: durationSeconds, keyPrefix: "wsafe-rl" });
          const counter = new MemoryRateCounter(points, durationSeconds);
          try {
            for (const { key, advanceMs } of steps) {
              // Timers fire as time passes: the reference forgets ended windows by timer.
              vi.advanceTimersByTime(advanceMs);
              const expected = await reference(limiter, key);
              expect(counter.consume(key, Date.now())).toBe(expected);
            }
          } finally {
            counter.close();
            vi.useRealTimers();
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
