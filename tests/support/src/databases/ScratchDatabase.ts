/**
 * A store of its own for one test file or workload, and how to throw it away: a
 * PostgreSQL database on the test server or an embedded store's directory.
 */
export interface ScratchDatabase {
  kind: "PostgreSQL" | "PGlite";
  /** What the server's `database` option and `--database` take: a URL or a directory. */
  database: string;
  /** Removes it and everything in it; safe to call twice. */
  drop(): Promise<void>;
}

/** A throwaway PostgreSQL database, see `createPostgresDatabase`. */
export interface PostgresScratchDatabase extends ScratchDatabase {
  kind: "PostgreSQL";
  /** Its name on the server, `wsafe_<label>_<random>`. */
  name: string;
  /** Ends every connection to this database only (never another's), e.g. to fake an outage; resolves with how many. */
  terminateBackends(): Promise<number>;
}
