import { durationText } from "@wsafe/schema";
import { InvalidArgumentError } from "commander";

const durationUnits = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 } as const;
type DurationUnit = keyof typeof durationUnits;
const durationPattern = /^(\d+)([dhms])$/;
const durationExample = "90d, 36h, 30m or 45s";

/** The milliseconds a duration's text says, or what it should have been instead. */
function durationFault(text: string, { zero }: { zero: boolean }): number | string {
  const match = durationPattern.exec(text.trim());
  if (!match) return `a number and one unit of d, h, m, s, such as ${durationExample}`;
  const ms = Number(match[1]) * durationUnits[match[2] as DurationUnit];
  if (!Number.isSafeInteger(ms)) return "a duration this long cannot be kept";
  if (ms === 0 && !zero) return "a duration above 0";
  return ms;
}

/**
 * Parses a duration flag such as `90d`, `36h`, `30m` or `45s` into milliseconds above 0
 * (`--events-retention`, `--stream-ping`).
 *
 * @example
 * duration("36h"); // 129600000
 */
export const duration = (value: string): number => {
  const ms = durationFault(value, { zero: false });
  if (typeof ms === "string") throw new InvalidArgumentError(`expected ${ms}`);
  return ms;
};

/** Parses a duration of at most a day (`--stream-max-duration`): a stream's timer beyond it would overflow. */
export const durationUpToADay = (value: string): number => {
  const ms = duration(value);
  if (ms > durationUnits.d) throw new InvalidArgumentError("expected a duration of at most 24h, such as 30m");
  return ms;
};

/**
 * Parses `--webhook-retry-schedule`: a list of durations separated by commas (`0s,5s,5m`),
 * each when an attempt is made after the one before it failed (the first: after the
 * event); `0` or `0s` is at once. A wrong item is named with its place in the list.
 *
 * @example
 * durationList("0s,5s,5m"); // [0, 5000, 300000]
 */
export const durationList = (value: string): number[] => {
  const items = value.split(",");
  return items.map((item, index) => {
    const ms = item.trim() === "0" ? 0 : durationFault(item, { zero: true });
    if (typeof ms === "number") return ms;
    throw new InvalidArgumentError(
      `expected a list of durations separated by commas, such as 0s,5s,5m,30m; item ${index + 1} of ${items.length}, ${JSON.stringify(item)}, is not one: write ${ms}`,
    );
  });
};

/**
 * The text {@link durationList} reads back as `list`, each item written by the schema's
 * `durationText`, the one rule every duration is written by (one day is `24h`).
 *
 * @example
 * durationListText([0, 5000, 300000]); // "0s,5s,5m"
 */
export const durationListText = (list: readonly number[]): string => list.map(durationText).join(",");
