// Operate: what an operator runs the service with - health checks, metrics (listed from
// @wsafe/schema/metrics, the definitions the server makes them from), workers, the
// bounded stop (streams included), the bounds of events.stream, recording and retention, TLS and
// HSTS, and the reference deployment of deploy/.
import { createRequire } from "node:module";
import { methodNames, methods } from "@wsafe/schema";
import { type MetricDefinition, serverMetrics } from "@wsafe/schema/metrics";
import { code, frontMatter, inlineCode, page, table } from "../markdown.js";
import { logsSection } from "../operate/logsSection.js";
import { backupSection, certificateSection } from "../operate/maintenanceSections.js";
import { startFaultsSection } from "../operate/startFaultsSection.js";
import { storeFaultsSection } from "../operate/storeFaultsSection.js";
import type { UpgradeRelease } from "../operate/upgradeReleases.js";
import { upgradeSection } from "../operate/upgradeSection.js";
import { secondSignalLine, startStopsLine } from "../serverCommandLine.js";

const require = createRequire(import.meta.url);

/** The methods the reference proxy never sends twice: every one that needs `write`. */
const writeMethodNames = methodNames.filter((name) => methods[name].permission === "write");

/** The repository's web address, from the schema package's `repository` field. */
function repositoryWebUrl(): string {
  const manifest = require("@wsafe/schema/package.json") as { repository: { url: string } };
  return manifest.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
}

/**
 * The cells of one metric's row: its name with its type under it, then what it means
 * with its labels (each with its values). Two columns: four did not fit the page.
 */
export function metricRow(metric: MetricDefinition): string[] {
  const labels = metric.labels.length
    ? ` Labels: ${metric.labels.map((label) => `${inlineCode(label.name)}: ${label.values}`).join("; ")}.`
    : "";
  const who = metric.reportedBy === "primary" ? " Reported by the primary process of `--workers`." : "";
  return [`${inlineCode(metric.name)}<br>${metric.type}`, `${metric.help}${who}${labels}`];
}

/**
 * The Markdown of the Operate page.
 *
 * @param upgrades - the releases that brought migrations, oldest first, and the last release's version
 */
export function operatePage(upgrades: { releases: readonly UpgradeRelease[]; lastRelease: string }): string {
  const deployReadme = `${repositoryWebUrl()}/blob/main/deploy/README.md`;
  return page(
    frontMatter({
      title: "Operate",
      description:
        "Running wsafe serve: health checks, metrics, logs, workers, stopping, a failed start, a full disk or a lost database, TLS, backup and restore, upgrades, and a reference deployment.",
    }),
    "What an operator runs `wsafe serve` with. Every option below also has a `WSAFE_*` environment variable; the [command line](/command-line/) page lists them all.",
    "## Health checks",
    "Two endpoints outside `/v1`, for load balancers and orchestrators. They need no token, run no request pipeline (so they are never rate limited), are not logged at info level and are not counted in the metrics. Both answer `Cache-Control: no-store`; HEAD works too.",
    table(
      ["Request", "Answer"],
      [
        ["`GET /healthz`", 'Liveness: 200 `{"ok":true,"status":"alive"}` while the process runs.'],
        [
          "`GET /readyz`",
          'Readiness: 200 `{"ok":true,"status":"ready","version":"1.2.0","checks":{"store":"ok","migrations":"ok","redis":"ok"}}` when the store answers, every migration is applied and Redis answers (when it holds the rate limits); else 503 with `"ok":false` and `"status":"not_ready"`, each check saying `unreachable`, `timeout` or, for migrations, `pending` (one is not applied), `unknown` (the store did not answer, so whether they are applied cannot be told) or `newer` (a newer server applied a migration this one must not run beside: a `description` names it and says what to do, see [Upgrading](#upgrading)); and `disk` says `full` while the store\'s disk is full (a `description` says what to do, see [a full disk](#a-full-disk-or-a-lost-database-while-serving)). `version` is the server\'s, as `wsafe --version` labels it. Once the server is stopping it answers 503 `"status":"draining"` at once.',
        ],
      ],
    ),
    "## Metrics",
    "`wsafe serve --metrics-port 9464` serves `GET /metrics` in Prometheus text format on a listener of its own, over plain HTTP, bound to `--metrics-host` (default `127.0.0.1`); the API's port never answers it. Metrics are off unless asked for, so they are never public by accident: open the metrics listener only where the scraper runs. The server prints `metrics on http://HOST:PORT/metrics` before its readiness line.",
    code(
      "yaml",
      [
        "scrape_configs:",
        "  - job_name: wsafe",
        "    scrape_interval: 15s",
        "    static_configs:",
        '      - targets: ["10.0.0.11:9464", "10.0.0.12:9464"]',
      ].join("\n"),
      "prometheus.yml",
    ),
    "Every metric of the service, with its labels. Requests to `/healthz`, `/readyz` and `/metrics` are not counted. The process metrics of prom-client (`process_cpu_seconds_total`, `process_resident_memory_bytes`, `nodejs_eventloop_lag_seconds`, `nodejs_heap_size_used_bytes`, ...) come on top. Counting costs a request a few additions: the metrics read plain tallies when scraped.",
    table(
      ["Metric", "Meaning and labels"],
      serverMetrics.map((metric) => metricRow(metric)),
    ),
    "A few queries to start a dashboard with:",
    code(
      "promql",
      [
        "# requests per second by method",
        "sum by (method) (rate(wsafe_requests_total[5m]))",
        "# share of requests that failed, by error identifier",
        'sum by (outcome) (rate(wsafe_requests_total{outcome!="ok"}[5m])) / scalar(sum(rate(wsafe_requests_total[5m])))',
        "# 99th percentile latency by method",
        "histogram_quantile(0.99, sum by (le, method) (rate(wsafe_request_duration_seconds_bucket[5m])))",
        "# read-cache hit ratio",
        'sum(rate(wsafe_read_cache_lookups_total{result="hit"}[5m])) / sum(rate(wsafe_read_cache_lookups_total[5m]))',
        "# import progress",
        "wsafe_import_records_done / wsafe_import_records_planned",
        "# events recorded per second, by type and cause (every server reports the store's count: take the largest)",
        "max by (type, cause) (rate(wsafe_events_recorded_total[5m]))",
        "# alert: a status change due for over a minute and not recorded",
        "max(wsafe_events_recorder_lag_seconds) > 60",
      ].join("\n"),
    ),
    "`wsafe import FILE --metrics-port N` serves the same `/metrics` while the import runs, so a long import can be followed from Prometheus (`wsafe_import_records_done` against `wsafe_import_records_planned`).",
    ...logsSection(),
    "## Workers",
    "`wsafe serve --workers N` runs N worker processes (`node:cluster`), each a whole server, sharing one listening port; `--workers auto` starts one per CPU. It needs PostgreSQL: the embedded store (PGlite) belongs to one process, so on it `--workers` above 1 is refused with a message.",
    "- The primary process migrates the store and imports the demo data once, starts the workers, and prints `listening on ...` once, when all of them listen.",
    "- A worker that exits unexpectedly is replaced after a back-off: 0.5 s, doubling with each crash that follows within 30 s of the crashed worker's start, at most 30 s. A worker whose primary is killed outright stops too.",
    "- SIGTERM or SIGINT to the primary (or to the whole process group) stops every worker gracefully: the primary asks each over IPC, so a signal to the group counts once. It exits 0 when all of them exited 0, and within `--shutdown-timeout` whatever happens, killing the workers still running then; a second signal kills them and ends it at once.",
    "- With `--metrics-port`, the primary serves the metrics: the workers' own, summed over the workers at each scrape, and `wsafe_workers` and `wsafe_worker_restarts_total`. A replaced worker starts its counts at 0 again, which Prometheus reads as a counter reset (`rate()` handles it).",
    "Past one machine, run several `wsafe serve` processes behind a load balancer instead: see the reference deployment below.",
    "## Stopping",
    "On SIGTERM or SIGINT the server closes its listener (new connections are refused, `/readyz` answers `draining` on connections still open), ends every open `events.stream` at once, lets requests in flight finish and exits 0; with `--workers`, every worker does the same. A stream ends without tRPC's `return` message, so its client reconnects by itself (through the load balancer to another server, or to this one once restarted) and resumes after the last event it got: a rolling restart loses no event and waits for no subscriber. A stream whose reader takes nothing more within a second has its connection cut. The process ends within `--shutdown-timeout` (default 30 seconds), whatever it meets: requests still in flight 2 s before the end (a quarter of the timeout before it, below 8 s) are cut and one line names what held the server; a stop still under way at the timeout (a store that does not close) ends there; and a process whose main thread is blocked is killed (SIGKILL) half a second later by a thread of its own. Keep the deadline below what your supervisor allows (systemd's `TimeoutStopSec`, Kubernetes' `terminationGracePeriodSeconds`).",
    `A second SIGTERM or SIGINT, a second or more after the first, ends the process at once: \`${secondSignalLine("SIGTERM")}\`. One within the first second is taken as the same signal passed on by a wrapper (\`npm start\` beside a terminal's Ctrl+C), and changes nothing. Without \`--workers\`, a stop signal that comes while the server starts (opening or migrating the store, the demo import, the first round of its background work) is heard too: \`${startStopsLine("SIGTERM", 30)}\`. The step under way finishes, what has started stops in reverse, the readiness line is never printed and the process exits 0; a store or certificate that this start created is removed, as after a start that failed. The exit code says how the stop went: **0** a clean stop, whatever became of the reader of its log; **1** one cut short (requests cut at the deadline, the timeout passed, a second signal, an error while stopping), or a start that failed; killed by **SIGKILL** only when its main thread could not even exit. A log reader that is gone or stops reading costs at most a second of the stop ([logs](#logs)).`,
    "## Streams",
    table(
      ["Bound", "Option", "What happens"],
      [
        [
          "Open streams per token",
          "`--streams-per-token` (default 5)",
          "Counted per server process. The next stream is refused with `limit_reached`, whose description names the flag.",
        ],
        [
          "Longest stream",
          "`--stream-max-duration` (default `30m`)",
          "The stream ends; its client resumes after its last event, and the token, the account and the limits are checked again.",
        ],
        [
          "Revoked access",
          "-",
          "A token deactivated (`wsafe tokens revoke`) or an account made inactive (`wsafe accounts deactivate`) ends its streams within seconds on every server (the database announces the change to every server's `LISTEN` session), with `token_inactive` or `account_inactive`.",
        ],
        [
          "A slow reader",
          "-",
          "The server reads an account's events for its streams only as a stream asks for more, and keeps them once for all of them until every stream took them: a reader that stops reading costs the server under 2 MiB however much is recorded (0.4-1.5 MiB measured over an import of 25 000 equipment). A stream further behind than the others (1 000 events for a reader that stopped, 10 000 for one that reads) reads on from the store after the last event it sent. Nothing is lost or sent twice.",
        ],
      ],
    ),
    "Each stream is logged when it opens (`stream opened`, with its request id and account) and when it closes (`stream closed`, with `durationMs`, the `events` it sent and `endedBy`: `client_closed`, `max_duration`, `stopping`, or the identifier it failed with). `wsafe_streams_open` counts the open ones. Keep `--stream-ping` below every proxy's idle timeout.",
    "## Recording and retention",
    "Every server records time events as their instants pass and sleeps in between: until the next date that changes a status, until a change of schedules wakes it (an import by any process), or 5 minutes at most, and asks its database nothing in between (an idle server on PostgreSQL asks one thing: the applied migrations, every 5 seconds, as the upgrade steps say). When the database fails, recording is tried again after 1 s, then 2, 4... up to every 30 s, and logged once when it fails and once when it works again. `wsafe_events_recorder_lag_seconds` says how long the earliest change due has waited unrecorded.",
    "Recorded events older than `--events-retention` (default 90 days) are deleted with their webhook deliveries, and webhook attempts as old too: once an hour, by one server of the deployment (the first to ask takes the round in the database), 5 000 rows a statement, logged as `pruned N events older than <instant> and M webhook attempts` (at `debug` when the round found nothing). `wsafe_retention_pruned_rows_total` counts the rows.",
    ...startFaultsSection(),
    ...storeFaultsSection(),
    "## TLS and HSTS",
    "`wsafe serve` speaks HTTPS (`--tls-cert` and `--tls-key`, PEM; without them a self-signed certificate for localhost is made under `./.wsafe/tls`). It accepts TLS 1.2 and 1.3 only. On TLS 1.2 it offers only ECDHE key exchange (forward secrecy) with AEAD suites: AES-GCM and ChaCha20-Poly1305, no static RSA key exchange and no CBC suites; TLS 1.3 offers its three standard suites. A testssl.sh scan of the server finds nothing rated LOW or worse apart from what a self-signed certificate causes.",
    "`--hsts` sends `Strict-Transport-Security: max-age=31536000` (one year; `--hsts-max-age` sets another) on every answer, so browsers use only HTTPS for the host. It is off by default: a browser that saw it refuses plain HTTP to the host for the whole max-age, so turn it on once the host is meant to stay on HTTPS. It carries no `includeSubDomains`. Browsers ignore it over plain HTTP, so behind a TLS-terminating proxy (`--http`) it takes effect through the proxy, which may as well send it itself.",
    ...certificateSection(),
    ...backupSection(),
    ...upgradeSection(upgrades.releases, upgrades.lastRelease),
    "## Reference deployment",
    `[deploy/README.md](${deployReadme}) describes a deployment with real parts, each from Debian's packages: HAProxy terminating TLS in front of several \`wsafe serve\` processes (health-checked through \`/readyz\`), PgBouncer in transaction mode in front of PostgreSQL (each server also opens one direct session for \`LISTEN\`, so read-cache invalidation reaches every server), and Redis for the shared rate limits. Its templates, environment variables and a systemd unit are there; \`tests/deployment\` starts that topology on 127.0.0.1 and checks it under load, a \`kill -9\`, a rolling restart, an import and the rate limit.`,
    `Its HAProxy sends a read that met a dead server again, to another server, and never a write that reached one: a server can die after it recorded a write and before it answered, and another server would record it again. The write methods it names are those that need the \`write\` permission, generated from the method registry: ${writeMethodNames.map(inlineCode).join(", ")}, on \`/v1\` (GET and POST) and \`/trpc\`. The caller of such a write gets the proxy's 502 and can send it again safely only with the \`idempotency_key\` it sent the first time ([retrying safely](/inspections/#retrying-safely-idempotency-keys)); \`@wsafe/client\` sends one with every call. A write whose connection was refused, which no server received, still goes to another server. A proxy of your own needs the same rule.`,
  );
}
