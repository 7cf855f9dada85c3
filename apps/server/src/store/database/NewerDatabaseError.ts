/**
 * A database holds a migration this program does not know, applied by a newer version:
 * one not marked `rolling` (servers that do not know it must not run beside it), or any,
 * for a command other than a server.
 *
 * @example
 * throw new NewerDatabaseError("0011_x.sql", false);
 * // database has migration 0011_x.sql, which this server does not know: ...
 */
export class NewerDatabaseError extends Error {
  /**
   * @param migration - the first such migration's file name
   * @param rolling - whether it is marked `rolling` (a server of this version could run beside it)
   */
  constructor(
    readonly migration: string,
    readonly rolling: boolean,
  ) {
    super(
      rolling
        ? `database has migration ${migration}, which this version of wsafe does not know: a newer version applied it. Servers of this version keep serving beside it, but its other commands do not run on it: use the newer version's`
        : `database has migration ${migration}, which this version of wsafe does not know: a newer version applied it, and servers of earlier versions must not run beside it. Start the newer version instead (or restore a backup taken before it to go back)`,
    );
    this.name = "NewerDatabaseError";
  }
}
