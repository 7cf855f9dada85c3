import { availableParallelism } from "node:os";
import { InvalidArgumentError, Option } from "commander";
import { defaultDatabase } from "../store/database/databaseKind.js";

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
