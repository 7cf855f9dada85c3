import { availableParallelism } from "node:os";
import { InvalidArgumentError, Option } from "commander";
import { defaultDatabase } from "../store/openStore.js";

/** A boolean flag from the environment: only a clear yes turns it on, so `WSAFE_HTTP=0` stays off. */
export const envFlag = (name: string): boolean => /^(1|true|yes|on)$/i.test(process.env[name] ?? "");

/** Parses a TCP port (0 picks a free one). */
export const portNumber = (value: string): number => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535)
    throw new InvalidArgumentError("expected a port number");
  return number;
};

/** Parses a duration in seconds above 0 (fractions allowed). */
export const seconds = (value: string): number => {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0)
    throw new InvalidArgumentError("expected a number of seconds above 0");
  return number;
};

/** Parses a whole number of seconds, 0 included. */
export const wholeSeconds = (value: string): number => {
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number))
    throw new InvalidArgumentError("expected a whole number of seconds");
  return number;
};

/** Parses `--workers`: a whole number from 1, or `auto` for one per CPU. */
export const workerCount = (value: string): number => {
  if (value === "auto") return availableParallelism();
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1 || !Number.isSafeInteger(number))
    throw new InvalidArgumentError("expected a number of workers from 1, or auto");
  return number;
};

/** Parses a whole number from 1 (a count of slots or streams, say). */
export const positiveInteger = (value: string): number => {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1 || !Number.isSafeInteger(number))
    throw new InvalidArgumentError("expected a whole number from 1");
  return number;
};

const durationUnits = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 } as const;

/** Parses a duration such as `90d`, `36h`, `30m` or `45s` into milliseconds above 0. */
export const duration = (value: string): number => {
  const match = /^(\d+)([dhms])$/.exec(value.trim());
  const ms = match ? Number(match[1]) * durationUnits[match[2] as keyof typeof durationUnits] : 0;
  if (!(ms > 0) || !Number.isSafeInteger(ms))
    throw new InvalidArgumentError("expected a duration such as 90d, 36h, 30m or 45s");
  return ms;
};

/** Parses a duration of at most a day (`--stream-max-duration`): a stream's timer beyond it would overflow. */
export const durationUpToADay = (value: string): number => {
  const ms = duration(value);
  if (ms > durationUnits.d) throw new InvalidArgumentError("expected a duration of at most 24h, such as 30m");
  return ms;
};

/**
 * Parses `--webhook-retry-schedule`: durations separated by commas (`0s,5s,5m`), each
 * when an attempt is made after the one before it failed (the first: after the event).
 */
export const durationList = (value: string): number[] => {
  const parts = value.split(",").map((part) => part.trim());
  const ms = parts.map((part) => (part === "0" || /^0[dhms]$/.test(part) ? 0 : duration(part)));
  if (ms.length === 0)
    throw new InvalidArgumentError("expected durations separated by commas, such as 0s,5s,5m");
  return ms;
};

/** `--database`, which every command that opens the store takes. */
export const databaseOption = (): Option =>
  new Option(
    "--database <D>",
    "postgres://... (or postgresql://) URL, or a directory for the embedded store; any other scheme:// is refused",
  )
    .env("WSAFE_DATABASE")
    .default(defaultDatabase);

/** Prints `wsafe: <message>` on stderr and exits 1. */
export function fail(message: string): never {
  console.error(`wsafe: ${message}`);
  process.exit(1);
}
