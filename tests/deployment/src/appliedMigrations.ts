import pg from "pg";

/** One row of the database's ledger of migrations. */
export interface AppliedMigration {
  name: string;
  /** When the transaction that applied it began (ms, the database's clock: this machine's). */
  appliedAt: number;
}

/**
 * The migrations applied to a database, in name order, read straight from PostgreSQL.
 *
 * @param url - the database (not through PgBouncer)
 */
export async function appliedMigrations(url: string): Promise<AppliedMigration[]> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ name: string; at: number }>(
      "SELECT name, (extract(epoch FROM applied_at) * 1000)::float8 AS at FROM schema_migrations ORDER BY name",
    );
    return rows.map((row) => ({ name: row.name, appliedAt: Math.round(row.at) }));
  } finally {
    await admin.end();
  }
}
