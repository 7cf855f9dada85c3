// The Operate page's procedures: backup and restore, and rotating the TLS certificate
// (upgrading is ./upgradeSection.ts). The shell blocks are ./procedures.ts, which a test runs as written.
import { code } from "../markdown.js";
import {
  backupEmbedded,
  backupPostgres,
  type Procedure,
  restoreEmbedded,
  restorePostgres,
  rotateCertificate,
  serveRestored,
  waitUntilReady,
} from "./procedures.js";

const block = (procedure: Procedure) => code("sh", procedure.script, procedure.title);

/** The sections on backing up and restoring both stores. */
export function backupSection(): string[] {
  return [
    "## Backup and restore",
    "The procedures below read `WSAFE_DATABASE`, the store the servers run on (the variable of `--database`: a `postgres://` URL, or the embedded store's directory), and `RESTORE_DATABASE`, where to restore. A test runs each block as written, restores into a new database or directory, starts `wsafe serve` on it, and compares the answers of every method with the old store's.",
    "### PostgreSQL",
    "`pg_dump` reads one consistent snapshot while the servers go on serving and writing; keep its file where the database's disk is not.",
    block(backupPostgres),
    "To restore, make a new database and load the dump into it. `RESTORE_NAME` is the new database's name and `RESTORE_DATABASE` its URL (`postgres://wsafe@db.example/wsafe_restored` for `wsafe_restored`); `--no-owner` gives every table to the user that restores.",
    block(restorePostgres),
    'Then point the servers at it (`wsafe serve --database "$RESTORE_DATABASE"`): they answer as the old database did when the dump was taken, recorded events, webhook endpoints and their secrets included. A server newer than the dump applies its own migrations at start, as after an upgrade.',
    "### The embedded store",
    "The embedded store is one directory that one process holds open (see [the command line](/command-line/#one-process-per-embedded-store)): stop `wsafe serve` (SIGTERM, or Ctrl+C for `npm start`), copy the directory, start it again. The copy costs the seconds it takes, with the API down meanwhile; for a backup without a stop, run on PostgreSQL.",
    block(backupEmbedded),
    "To restore, unpack the copy into a new directory and serve that:",
    block(restoreEmbedded),
    'Restored, `wsafe serve --database "$RESTORE_DATABASE"` answers as the store did when it was stopped.',
    "### Starting a restored copy",
    "A restored store holds the webhook deliveries that were queued, or waiting for a retry, when the backup was taken. A server started on it sends them: again, to the live receivers, which the servers in service have already sent them to (a restore drill once re-delivered 112 events this way). For a drill, a check or an investigation beside the servers in service, start the copy with `--no-deliveries` (`WSAFE_NO_DELIVERIES=1`): it answers every method, records events and queues their deliveries, and sends none.",
    block(serveRestored),
    "It says so at start, on stderr before `listening on` and in its log at `warn`: `webhook deliveries are off (--no-deliveries): ...`. When the restored store replaces a lost one in service, start it without the flag: receivers then get the deliveries that were pending at the backup, each with the `webhook-id` they may have seen before ([at least once](/webhooks/#at-least-once)).",
  ];
}

/** The section on rotating the certificate `wsafe serve` serves itself. */
export function certificateSection(): string[] {
  return [
    "## Rotating the certificate",
    "Given `--tls-cert` and `--tls-key`, `wsafe serve` reads both files again on SIGHUP and serves the new certificate from the next TLS handshake on: connections already open keep theirs and finish what they do, none is dropped, nothing restarts. `WSAFE_TLS_CERT` and `WSAFE_TLS_KEY` are the files it was started with, `WSAFE_PID` its process id (`systemctl reload` does the same for a unit with `ExecReload=/bin/kill -HUP $MAINPID`; with `--workers`, signal the primary, which passes it on):",
    block(rotateCertificate),
    "The log says what came of it: `TLS certificate reloaded`, with the new certificate's `subject` and `validTo`; or, when the files cannot be served (one missing, the two swapped, a key of another certificate), `TLS certificate not reloaded: still serving the previous one` at `error` with the `reason`, and the previous certificate stays. Without `--tls-cert` SIGHUP stops the server, as for any Node process. Behind a TLS-terminating proxy (`--http`, as in the reference deployment) the proxy holds the certificate: reload the proxy.",
  ];
}
