// The Operate page's procedures as the shell text a reader copies: backup and restore
// (PostgreSQL and the embedded store, and starting the restored copy), the wait between servers of a rolling upgrade,
// and the certificate's rotation. test/operateProcedures.test.ts copies each block from
// the built page by its title and runs it with bash, as written, then checks the outcome
// (a restored store answering as the old one, a new certificate served).

/** One procedure: the title of its code block, and its lines. */
export interface Procedure {
  title: string;
  script: string;
}

/** Back up PostgreSQL while the servers run: `pg_dump` reads one consistent snapshot. */
export const backupPostgres: Procedure = {
  title: "Back up PostgreSQL (the servers keep running)",
  script: 'pg_dump --format=custom --file=wsafe.dump "$WSAFE_DATABASE"',
};

/** Restore a `pg_dump` into a new database on the same PostgreSQL. */
export const restorePostgres: Procedure = {
  title: "Restore into a new database",
  script: [
    'createdb --maintenance-db="$WSAFE_DATABASE" "$RESTORE_NAME"',
    'pg_restore --no-owner --exit-on-error --dbname="$RESTORE_DATABASE" wsafe.dump',
  ].join("\n"),
};

/** Back up the embedded store: a copy of its directory, taken while no process has it open. */
export const backupEmbedded: Procedure = {
  title: "Back up the embedded store (wsafe serve stopped)",
  script: 'tar --create --gzip --file=wsafe-data.tar.gz --directory="$WSAFE_DATABASE" .',
};

/** Restore the embedded store into a new directory. */
export const restoreEmbedded: Procedure = {
  title: "Restore the embedded store into a new directory",
  script: [
    'mkdir -p "$RESTORE_DATABASE"',
    'tar --extract --gzip --file=wsafe-data.tar.gz --directory="$RESTORE_DATABASE"',
  ].join("\n"),
};

/**
 * Start a restored copy sending no webhooks: it holds the deliveries that were queued when
 * the backup was taken, which the live servers may have sent since.
 */
export const serveRestored: Procedure = {
  title: "Start the restored copy, sending no webhooks",
  script: 'wsafe serve --database "$RESTORE_DATABASE" --no-deliveries',
};

/** Between two servers of a rolling restart: wait until the restarted one is ready. */
export const waitUntilReady: Procedure = {
  title: "After each restart, before the next",
  script: 'until curl --silent --fail "$WSAFE_URL/readyz" > /dev/null; do sleep 1; done',
};

/** Serve a renewed certificate without a restart. */
export const rotateCertificate: Procedure = {
  title: "Rotate the certificate",
  script: [
    'cp renewed-cert.pem "$WSAFE_TLS_CERT"',
    'cp renewed-key.pem "$WSAFE_TLS_KEY"',
    'kill -HUP "$WSAFE_PID"',
  ].join("\n"),
};
