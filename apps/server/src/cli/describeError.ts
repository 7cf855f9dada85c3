import { databaseKind } from "../store/database/databaseKind.js";
import { embeddedErrnoCodes } from "../store/database/embeddedErrnoCodes.js";

/** What a file system's error code means, and what to do about it. */
const fileSystemFaults: Record<string, (where: string) => string> = {
  ENOSPC: (where) =>
    `no space left on the disk of ${where} (ENOSPC): free some space, or choose another --database`,
  EDQUOT: (where) => `the disk quota is used up for ${where} (EDQUOT): free some space, or raise the quota`,
  EACCES: (where) => `permission denied on ${where} (EACCES): the server's user must be able to write there`,
  EPERM: (where) =>
    `operation not permitted on ${where} (EPERM): the server's user must be able to write there`,
  EROFS: (where) => `${where} is on a read-only file system (EROFS): choose a writable --database`,
  EIO: (where) => `the disk of ${where} failed to read or write (EIO): check the disk`,
};

/** What a connection error to PostgreSQL means, from the fields `pg` and Node set on it. */
function postgresFault(
  error: NodeJS.ErrnoException & { address?: string; port?: number; hostname?: string },
) {
  const at = error.address ? `${error.address}${error.port ? `:${error.port}` : ""}` : "the --database host";
  if (error.code === "ECONNREFUSED")
    return `PostgreSQL at ${at} refused the connection (ECONNREFUSED): is it running, and does --database name its host and port?`;
  if (error.code === "ENOTFOUND" || error.code === "EAI_AGAIN")
    return `the database host ${error.hostname ?? ""} was not found (${error.code}): check the host of --database`;
  if (error.code === "ETIMEDOUT" || error.code === "EHOSTUNREACH" || error.code === "ENETUNREACH")
    return `PostgreSQL at ${at} did not answer (${error.code}): check the network and the host of --database`;
  // SQLSTATE 53100: the database server's own disk is full.
  if (error.code === "53100")
    return `PostgreSQL's disk is full: ${error.message}: free space on the database server`;
  return undefined;
}

/**
 * Words for why a command failed, for `wsafe: ...` lines: the error's message, made
 * specific where it says too little. A full disk under the embedded store threw an
 * object without a message (`cannot start: undefined`); an unreachable PostgreSQL said
 * only `connect ECONNREFUSED 127.0.0.1:5432`.
 *
 * @param error - what was thrown
 * @param database - the `--database` in use, to name the place a disk fault is at
 * @example
 * fail(`cannot start: ${describeError(error, options.database)}`);
 */
export function describeError(error: unknown, database?: string): string {
  const where = database && databaseKind(database) === "directory" ? database : "the store";
  const found = error as (NodeJS.ErrnoException & { errno?: number }) | undefined;
  const code =
    typeof found?.code === "string"
      ? found.code
      : typeof found?.errno === "number"
        ? embeddedErrnoCodes[found.errno]
        : undefined;
  if (code && fileSystemFaults[code]) return fileSystemFaults[code](where);
  const postgres = found && postgresFault(found);
  if (postgres) return postgres;
  if (found instanceof Error && found.message) return found.message;
  if (typeof found?.errno === "number") return `file system error ${found.errno} in ${where}`;
  return String(error);
}
