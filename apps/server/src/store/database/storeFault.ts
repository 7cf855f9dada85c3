import { embeddedErrnoCodes } from "./embeddedErrnoCodes.js";

/**
 * Why the store cannot be used right now, as opposed to a bug: its disk is full (it can
 * read but not write), or the database cannot be reached. Either lasts until an
 * operator or the database itself ends it, and the server comes back by itself.
 */
export type StoreFault = "disk_full" | "unreachable";

/** File system codes of a disk with no room left (Node's `code`, or the embedded store's errno). */
const diskFullCodes = new Set(["ENOSPC", "EDQUOT"]);
/** Node's codes for a database server that cannot be reached or went away. */
const unreachableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);
/**
 * SQLSTATEs of a server that went away or will not take connections: stopped by an
 * operator (57P01), crashed (57P02), starting up or shutting down (57P03), out of
 * connection slots (53300).
 */
const unreachableStates = new Set(["57P01", "57P02", "57P03", "53300"]);
/** What `pg` says of a connection lost without a code. */
const lostConnection =
  /^Connection terminated|^Client has encountered a connection error|^Client was closed and is not queryable|^timeout exceeded when trying to connect/;
/** PostgreSQL's words for a write the disk refused, whatever SQLSTATE carries them. */
const noSpace = /No space left on device|could not extend file|Disk quota exceeded/i;

/** One error's own fault, without its causes. */
function faultOfOne(error: object): StoreFault | undefined {
  const { code, errno, message } = error as { code?: unknown; errno?: unknown; message?: unknown };
  // SQLSTATE 53100 is disk_full; PostgreSQL and PGlite both raise it for a file they cannot extend.
  if (code === "53100") return "disk_full";
  if (typeof code === "string" && diskFullCodes.has(code)) return "disk_full";
  if (typeof errno === "number" && diskFullCodes.has(embeddedErrnoCodes[errno] ?? "")) return "disk_full";
  if (typeof message === "string" && noSpace.test(message)) return "disk_full";
  if (typeof code === "string" && (unreachableCodes.has(code) || unreachableStates.has(code)))
    return "unreachable";
  // Class 08: connection exceptions.
  if (typeof code === "string" && /^08[0-9A-Z]{3}$/.test(code)) return "unreachable";
  if (typeof message === "string" && lostConnection.test(message)) return "unreachable";
  return undefined;
}

/**
 * Whether an error means the store cannot be used right now ({@link StoreFault}) rather
 * than a bug: the errors of PGlite and PostgreSQL (`pg`, Node's sockets) for a full disk
 * and for a database that is gone, looked for in the error, its `cause` chain and the
 * `errors` of an `AggregateError` (a host name with several addresses).
 *
 * @param error - what a statement, a transaction or a connection threw
 * @returns the fault, or `undefined` for anything else
 * @example
 * storeFaultOf(Object.assign(new Error("could not extend file"), { code: "53100" })); // "disk_full"
 */
export function storeFaultOf(error: unknown): StoreFault | undefined {
  const seen = new Set<object>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const next = pending.shift();
    if (typeof next !== "object" || next === null || seen.has(next)) continue;
    seen.add(next);
    const fault = faultOfOne(next);
    if (fault !== undefined) return fault;
    const { cause, errors } = next as { cause?: unknown; errors?: unknown };
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return undefined;
}
