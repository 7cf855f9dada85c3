// The Operate page's section on what `wsafe serve` writes: lines for people on stderr,
// its JSON log on stdout, and `--log-level`. The stderr lines are the server's own
// (../serverCommandLine.ts); the JSON lines are examples of each kind, which
// test/commandLineOutput.test.ts holds to a real server's.
import { code, inlineCode, table } from "../markdown.js";
import { certificateLine, readyLines, stopBeginsLine, storeStateLines } from "../serverCommandLine.js";
import { defaultBaseUrl } from "../sitePaths.js";

/** The title of the block of JSON log lines, which the tests find it by. */
export const logExamplesTitle = "stdout: one line of each kind";

const common = { time: 1796083200000, pid: 4242, hostname: "api-1" };

/** One example of each kind of JSON line, with its level and when it is written. */
export const logExamples: readonly {
  level: number;
  when: string;
  fields: Record<string, unknown>;
  msg: string;
}[] = [
  {
    level: 30,
    when: "at start, for each migration applied to the store, with how long its statements ran",
    fields: { migration: "0009_events_per_account.sql", durationMs: 412 },
    msg: "migration applied",
  },
  { level: 30, when: "once it listens", fields: {}, msg: `Server listening at ${defaultBaseUrl}` },
  {
    level: 30,
    when: "each API request (`debug` for the docs site's pages and assets; never for health checks)",
    fields: {
      requestId: "kM3xQ8vB2nL5pR7tY1wZ4aCd",
      httpMethod: "POST",
      method: "equipments.list",
      outcome: "ok",
      statusCode: 200,
      durationMs: 4,
    },
    msg: "request",
  },
  {
    level: 50,
    when: "a request answered `server_error` for something unforeseen (a bug): its cause, under the request id the caller was given",
    fields: {
      requestId: "Qz8wT1mN4bV7cX2kL5pR9sYd",
      err: {
        type: "TypeError",
        message: "Cannot read properties of undefined (reading 'id')",
        stack: "TypeError: Cannot read properties of undefined (reading 'id')\n    at ...",
      },
    },
    msg: "request failed",
  },
  {
    level: 50,
    when: "a write met a full disk under the store: once, however many requests it refuses (on PostgreSQL: PostgreSQL's disk)",
    fields: {
      storeState: "disk_full",
      reason: 'could not extend file "base/5/16732": No space left on device',
    },
    msg: storeStateLines.disk_full.lost.pglite,
  },
  {
    level: 30,
    when: "the store can write again: once, with the requests refused meanwhile",
    fields: { storeState: "ok", was: "disk_full", refused: 332, seconds: 95.4 },
    msg: storeStateLines.disk_full.back,
  },
  {
    level: 50,
    when: "a request found PostgreSQL gone: once, however many requests it refuses",
    fields: { storeState: "unreachable", reason: "connect ECONNREFUSED 10.0.0.5:5432" },
    msg: storeStateLines.unreachable.lost.postgres,
  },
  {
    level: 30,
    when: "PostgreSQL answers again: once, with the requests refused meanwhile",
    fields: { storeState: "ok", was: "unreachable", refused: 147, seconds: 20.3 },
    msg: storeStateLines.unreachable.back,
  },
  {
    level: 30,
    when: "status transitions recorded as their instants passed",
    fields: { events: 12 },
    msg: "recorded status transitions",
  },
  {
    level: 40,
    when: "`/readyz` stops answering ready (and `ready again`, at `info`, when it is back)",
    fields: {
      readiness: {
        ok: false,
        status: "not_ready",
        version: "1.2.0",
        checks: { store: "unreachable", migrations: "unknown" },
      },
    },
    msg: "not ready",
  },
  {
    level: 30,
    when: "at every start: the retention in force, and the oldest event recorded (or that none is)",
    fields: {
      retentionMs: 7776000000,
      oldestRecorded: "2026-09-02T08:00:00.000Z",
      oldestKept: "2026-09-01T22:00:00.000Z",
    },
    msg: "events are kept for 90 days (--events-retention); the oldest recorded is from 2026-09-02T08:00:00.000Z",
  },
  {
    level: 40,
    when: "instead, at start, when the store holds events older than `--events-retention` by more than the hourly prune leaves (`info` when only by what it leaves): the span the prune deletes",
    fields: {
      retentionMs: 7200000,
      oldestRecorded: "2026-11-21T08:00:00.000Z",
      oldestKept: "2026-11-30T22:00:00.000Z",
    },
    msg: "events are kept for 2 hours (--events-retention): those recorded from 2026-11-21T08:00:00.000Z to 2026-11-30T22:00:00.000Z are older and are deleted within the hour",
  },
  {
    level: 40,
    when: "at start, with `--no-deliveries` (a restored copy: see [backup and restore](#starting-a-restored-copy)); said on stderr too",
    fields: { deliveries: "off" },
    msg: "webhook deliveries are off (--no-deliveries): events are recorded and their deliveries queued, and this server sends none; start it without --no-deliveries to send them",
  },
  {
    level: 40,
    when: "a newer server applied a migration marked rolling to the store: this one keeps serving (once per migration)",
    fields: { migration: "0011_example.sql", upgrade: "rolling", version: "1.2.0" },
    msg: "migration 0011_example.sql, which this server (wsafe 1.2.0) does not know, was applied to its database by a newer server; it is marked rolling, so this server keeps serving beside it: upgrade it when you can",
  },
  {
    level: 50,
    when: "a newer server applied a migration marked stop: this one stops its background work and answers `/readyz` 503 (once)",
    fields: { migration: "0012_example.sql", upgrade: "stop", version: "1.2.0" },
    msg: "migration 0012_example.sql, which this server (wsafe 1.2.0) does not know, was applied to its database by a newer server, and servers of earlier versions must not run beside it: this server stopped recording events, delivering webhooks and pruning, and answers /readyz with 503; stop it and start the newer version in its place",
  },
  {
    level: 30,
    when: "SIGHUP served the certificate files again",
    fields: { subject: "CN=api.example.com", validTo: "2027-03-01T12:00:00.000Z" },
    msg: "TLS certificate reloaded",
  },
  {
    level: 50,
    when: "SIGHUP found files it cannot serve; the previous certificate stays",
    fields: {
      certFile: "/etc/wsafe/cert.pem",
      keyFile: "/etc/wsafe/key.pem",
      reason:
        "--tls-key /etc/wsafe/key.pem is not the private key of the certificate in --tls-cert /etc/wsafe/cert.pem: give the key the certificate was issued for",
    },
    msg: "TLS certificate not reloaded: still serving the previous one",
  },
];

/** The example lines as the log writes them: pino's fields first, then the line's own, then `msg`. */
export const logExampleLines = () =>
  logExamples.map(({ level, fields, msg }) => JSON.stringify({ level, ...common, ...fields, msg }));

/** The section, from its heading on. */
export function logsSection(): string[] {
  const selfSigned = "/srv/wsafe/.wsafe/tls/localhost-cert.pem";
  const people = [
    certificateLine({ server: {}, selfSignedCertPath: selfSigned })!,
    ...readyLines({ server: {} }, defaultBaseUrl, "http://127.0.0.1:9464/metrics"),
    stopBeginsLine("SIGTERM", 30),
  ];
  return [
    "## Logs",
    "`wsafe serve` writes two streams. **stderr** carries the lines for people: where its certificate is, the demo's tokens and `curl` lines with `--demo` ([the demo](/command-line/#the-demo)), the metrics URL, the readiness line `listening on URL` once it accepts connections, the start of a stop, and every failure as `wsafe: ...`. Without `--demo`:",
    code("text", people.join("\n"), "stderr"),
    `**stdout** carries the JSON log alone, one object per line (pino): \`level\` (10 trace, 20 debug, 30 info, 40 warn, 50 error, 60 fatal), \`time\` (ms since the epoch), \`pid\`, \`hostname\`, the line's own fields, and \`msg\`. A GET's query string (which carries the token) is never logged, and a field named \`token\` is written \`[redacted]\`. \`--log-level\` (\`WSAFE_LOG_LEVEL\`) keeps the lines of one level and above: ${inlineCode("info")} by default, ${inlineCode("warn")} to drop the line per request, ${inlineCode("debug")} to add the docs site's requests, ${inlineCode("silent")} for none. The lines on stderr do not depend on it.`,
    code("json", logExampleLines().join("\n"), logExamplesTitle),
    table(
      ["`msg`", "Level", "When"],
      logExamples.map(({ msg, level, when }) => [
        inlineCode(
          msg
            .replace(/ https:\/\/\S+$/, " URL")
            .replace(/^events are kept for .*/, "events are kept for ...")
            .replace(/^webhook deliveries are off .*/, "webhook deliveries are off ...")
            .replace(
              /^migration \d{4}_\S+, which .*/,
              "migration NAME, which this server does not know, ...",
            ),
        ),
        ({ 30: "info", 40: "warn", 50: "error" } as Record<number, string>)[level]!,
        when,
      ]),
    ),
    "A stop that cuts requests at its deadline writes its line both on stderr and in the log, at `error`, with what held it as `holders`.",
    "A reader of stdout that is gone (`EPIPE`) or stops reading never stops the server nor holds up a stop: lines it cannot take are held up to 1 MiB, then dropped and counted (a `warn` line with `dropped` once it reads again); a gone stdout is said once on stderr, and the log is lost from then on. Give stdout a reader that keeps up: a log shipper, or a file.",
  ];
}
