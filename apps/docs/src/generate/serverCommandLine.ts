// What `wsafe serve` prints for people, from the built server's own functions (`dist/cli/`):
// the ready lines, the words of a failed start and those of a stop, so the pages show what the command
// prints today (a `curl` line added to the demo appears here with no edit). Loaded by
// path: they are the command line's, not part of @wsafe/server's package API.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

/** The part of a `wsafe serve` configuration its printed lines depend on. */
export interface PrintedConfig {
  docsDir?: string;
  server: { demo?: boolean };
  selfSignedCertPath?: string;
  tlsFiles?: { certFile: string; keyFile: string; loaded: { subject: string; validTo: Date } };
}

interface ReadyLinesModule {
  readyLines(config: PrintedConfig, url: string, metricsUrl: string | undefined): string[];
  certificateLine(config: PrintedConfig): string | undefined;
}

interface StopLinesModule {
  stopBeginsLine(reason: string, timeoutSeconds: number, workers?: number): string;
  secondSignalLine(signal: string): string;
  stopOverranLine(timeoutSeconds: number): string;
}

interface DescribeErrorModule {
  describeError(error: unknown, database?: string): string;
}

const serverDirectory = dirname(createRequire(import.meta.url).resolve("@wsafe/server/package.json"));

async function load<T>(file: string): Promise<T> {
  const path = join(serverDirectory, "dist", "cli", file);
  try {
    return (await import(pathToFileURL(path).href)) as T;
  } catch (error) {
    throw new Error(
      `the docs print what ${path} says: build @wsafe/server first (${(error as Error).message})`,
    );
  }
}

const ready = await load<ReadyLinesModule>("readyLines.js");
const failures = await load<DescribeErrorModule>("describeError.js");
const stops = await load<StopLinesModule>("stopLines.js");

/** What `wsafe serve` prints once it listens (see `readyLines` of the server). */
export const readyLines = ready.readyLines;
/** What `wsafe serve` prints about its certificate before it starts. */
export const certificateLine = ready.certificateLine;
/** The words `wsafe` gives a failure after `wsafe: cannot start: ` (see `describeError` of the server). */
export const describeError = failures.describeError;
/** What `wsafe serve` prints when a stop begins (see `stopLines` of the server). */
export const stopBeginsLine = stops.stopBeginsLine;
/** What it prints when a second signal cuts a stop short. */
export const secondSignalLine = stops.secondSignalLine;
/** What it prints when a stop is still under way at `--shutdown-timeout`. */
export const stopOverranLine = stops.stopOverranLine;
