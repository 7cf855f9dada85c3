// The Operate page's section on a start that fails: a full disk, an unreachable
// database. The messages are the server's own words (`describeError` of its command
// line), so the page says what an operator will read.
import { code } from "../markdown.js";
import { describeError } from "../serverCommandLine.js";

/** What `wsafe serve` prints when the embedded store's disk is full at start. */
export const fullDiskLine = `wsafe: cannot start: ${describeError({ name: "ErrnoError", errno: 51 }, "./.wsafe/data")}`;

/** What `wsafe serve` prints when PostgreSQL refuses the connection at start. */
export const unreachableLine = `wsafe: cannot start: ${describeError(
  Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), {
    code: "ECONNREFUSED",
    address: "10.0.0.5",
    port: 5432,
  }),
  "postgres://wsafe@10.0.0.5:5432/wsafe",
)}`;

/** The section, from its heading on. */
export function startFaultsSection(): string[] {
  return [
    "## When it cannot start",
    "`wsafe serve` that cannot open its store stops at once with one line on stderr saying where and what to do, and exit status 1; it never listens half-ready. A supervisor starts it again (`Restart=on-failure` in the reference deployment's unit), so it comes up once the cause is gone. A start that fails removes the store and certificate directories it created, and nothing that was there before.",
    "A full disk under the embedded store (or a store that cannot be created there):",
    code("text", fullDiskLine),
    "PostgreSQL down, or `--database` naming the wrong host or port (the password is never printed):",
    code("text", unreachableLine),
    "A host name that does not resolve and a network that does not answer are named the same way; a password PostgreSQL refuses or a database that does not exist, in PostgreSQL's own words. `wsafe import` says the same words after `import failed, nothing was imported:`, and removes a store directory it made. Once running, see the next section.",
  ];
}
