// What `wsafe serve` prints for people, from the built server's own functions (`dist/`):
// the ready lines, the words of a failed start and those of a stop, and what a running
// server says when its store fails (a caller's description, `/readyz`, the log), so the
// pages show what the server says today (a `curl` line added to the demo appears here
// with no edit). Loaded by path: they are the server's own, not part of @wsafe/server's
// package API.
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
  startStopsLine(reason: string, timeoutSeconds: number): string;
}

interface DescribeErrorModule {
  describeError(error: unknown, database?: string): string;
}

const serverDirectory = dirname(createRequire(import.meta.url).resolve("@wsafe/server/package.json"));

/** What the server says when its store fails while serving. */
interface StoreFaultWordsModules {
  description: { serverErrorDescription(requestId: string, fault?: "disk_full" | "unreachable"): string };
  readiness: { fullDiskMessage: string };
  log: {
    storeStateLines: Record<
      "disk_full" | "unreachable",
      { lost: Record<"pglite" | "postgres", string>; back: string }
    >;
  };
}

async function load<T>(file: string): Promise<T> {
  const path = join(serverDirectory, "dist", file);
  try {
    return (await import(pathToFileURL(path).href)) as T;
  } catch (error) {
    throw new Error(
      `the docs print what ${path} says: build @wsafe/server first (${(error as Error).message})`,
    );
  }
}

const ready = await load<ReadyLinesModule>("cli/readyLines.js");
const failures = await load<DescribeErrorModule>("cli/describeError.js");
const stops = await load<StopLinesModule>("cli/stopLines.js");
const storeFaults: StoreFaultWordsModules = {
  description: await load("errors/serverErrorDescription.js"),
  readiness: await load("health/fullDiskMessage.js"),
  log: await load("store/StoreAvailability.js"),
};

/** What `wsafe serve` prints once it listens (see `readyLines` of the server). */
export const readyLines = ready.readyLines;
/** What `wsafe serve` prints about its certificate before it starts. */
export const certificateLine = ready.certificateLine;
/** The words `wsafe` gives a failure after `wsafe: cannot start: ` (see `describeError` of the server). */
export const describeError = failures.describeError;
/** The description of `server_error`, in words for a store that cannot be used (see the server's `serverErrorDescription`). */
export const serverErrorDescription = storeFaults.description.serverErrorDescription;
/** What `/readyz` says while the store's disk is full. */
export const fullDiskMessage = storeFaults.readiness.fullDiskMessage;
/** The log lines of a store that fails while serving, and of its return (see the server's `StoreAvailability`). */
export const storeStateLines = storeFaults.log.storeStateLines;
/** What `wsafe serve` prints when a stop begins (see `stopLines` of the server). */
export const stopBeginsLine = stops.stopBeginsLine;
/** What it prints when a second signal cuts a stop short. */
export const secondSignalLine = stops.secondSignalLine;
/** What it prints when a stop is still under way at `--shutdown-timeout`. */
export const stopOverranLine = stops.stopOverranLine;
/** What it prints when a stop begins before it is ready. */
export const startStopsLine = stops.startStopsLine;
