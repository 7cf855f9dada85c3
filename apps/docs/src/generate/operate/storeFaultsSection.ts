// The Operate page's section on a store that fails under a running server: a full disk,
// a database that goes away. What the caller, the load balancer and the log read are the
// server's own words (../serverCommandLine.ts), so the page says what an operator sees.
import { code, inlineCode } from "../markdown.js";
import { fullDiskMessage, serverErrorDescription, storeStateLines } from "../serverCommandLine.js";

/** A request id as the examples show it. */
const requestId = "Qz8wT1mN4bV7cX2kL5pR9sYd";

/** A line's first clause, for prose: `the database is back: ...`. */
const lineStart = (line: string) => `${line.split(":")[0]}: ...`;

/** The section, from its heading on. */
export function storeFaultsSection(): string[] {
  const refused = {
    ok: false,
    error: "server_error",
    description: serverErrorDescription(requestId, "disk_full"),
  };
  const readiness = {
    ok: false,
    status: "not_ready",
    version: "1.2.0",
    checks: { store: "ok", migrations: "ok", disk: "full" },
    description: fullDiskMessage,
  };
  const full = storeStateLines.disk_full;
  const away = storeStateLines.unreachable;
  return [
    "## A full disk or a lost database while serving",
    `When the disk under the store fills up, every write answers \`server_error\` saying so, and that it can be sent again; reads keep answering. \`/readyz\` answers 503 naming the full disk, so a load balancer sends the server nothing (reads included), and the log says it once, at \`error\`: ${inlineCode(lineStart(full.lost.pglite))}, with the file the store could not extend as \`reason\`. Free space on that disk (PostgreSQL's own, when it is PostgreSQL's that is full); nothing needs a restart: within seconds the server can write, logs ${inlineCode(lineStart(full.back))} with how many requests were \`refused\`, and is ready again. A write retried with its \`idempotency_key\` is done once.`,
    code("json", JSON.stringify(refused), "a write while the disk is full"),
    code("json", JSON.stringify(readiness), "GET /readyz: 503"),
    `When PostgreSQL goes away (stopped, restarting, out of reach), each request that needs it answers \`server_error\` with ${inlineCode(lineStart(serverErrorDescription(requestId, "unreachable")))}, \`/readyz\` answers 503 with \`store: unreachable\`, and the log says ${inlineCode(lineStart(away.lost.postgres))} once and ${inlineCode(lineStart(away.back))} once it answers; start it again, and the server reconnects by itself. Any other \`server_error\` is a bug: the log has \`request failed\` with its cause and stack, under the request id the caller quotes.`,
  ];
}
