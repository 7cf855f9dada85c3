/** The embedded store's directory when none is given. */
export const defaultDatabase = "./.wsafe/data";

/** Where `--database` (or `WSAFE_DATABASE`) leads: PostgreSQL, memory, or a directory of the embedded store. */
export type DatabaseKind = "postgres" | "memory" | "directory";

// A URL's scheme: two characters at least, so that a Windows drive (`C://data`) stays a path.
const urlScheme = /^([A-Za-z][A-Za-z0-9+.-]+):\/\//;
const accepted =
  "postgres:// or postgresql:// for PostgreSQL, memory:// for an in-memory store, or a directory path for the embedded store";

/**
 * Decides what a database location names, and refuses one that looks like a URL of any
 * other scheme. Before, `postgress://...` (one letter too many) silently became a
 * directory of that name holding a new, empty embedded store, and the server started on
 * it while its operator believed it was on PostgreSQL. The message names the scheme
 * only: the rest of the URL may hold a password.
 *
 * @param database - the value of `--database`, `WSAFE_DATABASE` or `openStore`'s argument
 * @throws Error naming the scheme and what is accepted
 * @example
 * databaseKind("postgres://wsafe@db/wsafe"); // "postgres"
 * databaseKind("./.wsafe/data"); // "directory"
 * databaseKind("postgress://wsafe@db/wsafe"); // throws: unknown scheme "postgress://"
 */
export function databaseKind(database: string): DatabaseKind {
  const scheme = urlScheme.exec(database)?.[1]?.toLowerCase();
  if (scheme === "postgres" || scheme === "postgresql") return "postgres";
  if (scheme === "memory") return "memory";
  if (scheme !== undefined) throw new Error(`--database: unknown scheme "${scheme}://"; use ${accepted}`);
  // `postgres:/host/db` or `postgresql:db`: a URL with its slashes lost, not a folder name.
  const halfUrl = /^(postgres(?:ql)?):(?!\/\/)/i.exec(database)?.[1];
  if (halfUrl !== undefined)
    throw new Error(
      `--database: "${halfUrl}:" without "//" is not a URL; write ${halfUrl.toLowerCase()}://...`,
    );
  return "directory";
}

/** Whether `--database` names a PostgreSQL server (else it is the embedded store). */
export const isPostgresUrl = (database: string): boolean => {
  try {
    return databaseKind(database) === "postgres";
  } catch {
    return false;
  }
};
