// The Operate page's upgrade steps, made from the migrations' marks and the releases that
// brought them (./upgradeReleases.ts): rolling restart, or stop every server first.
import { code, inlineCode, table } from "../markdown.js";
import { type Procedure, waitUntilReady } from "./procedures.js";
import type { UpgradeRelease } from "./upgradeReleases.js";

const block = (procedure: Procedure) => code("sh", procedure.script, procedure.title);

/**
 * What else an operator must know upgrading to a release, beside its migrations: a
 * change of what the server prints or expects around it.
 */
const operatorNotes: Record<string, string> = {
  "1.1.0":
    "`wsafe serve` prints its readiness line `listening on URL` (and the other lines for people) on stderr, where 1.0.0 printed them on stdout, which now carries the JSON log alone: a supervisor or script that waits for the line must read stderr.",
};

/** How to upgrade to a release: whether any migration it brings is marked stop. */
const needsStop = (release: UpgradeRelease) => release.migrations.some((mark) => mark.upgrade === "stop");

function releaseRow(release: UpgradeRelease, index: number, lastRelease: string): string[] {
  const name = release.version ?? `the next release (after ${lastRelease}, not made yet)`;
  const migrations = release.migrations
    .map((mark) => `${inlineCode(mark.name)}: ${mark.upgrade} (${mark.why})`)
    .join("<br>");
  const how =
    index === 0
      ? "The first release: it makes a new store"
      : needsStop(release)
        ? "**Stop every server first**"
        : "Restart one at a time";
  const notes = release.version ? operatorNotes[release.version] : undefined;
  return [name, migrations, notes ? `${how}. ${notes}` : how];
}

/**
 * The section on upgrading a deployment.
 *
 * @param releases - the releases that brought migrations, oldest first (see `upgradeReleases`)
 * @param lastRelease - the version of the last release made
 */
export function upgradeSection(releases: readonly UpgradeRelease[], lastRelease: string): string[] {
  return [
    "## Upgrading",
    "Every migration says whether servers of the release before it may keep running beside it: its first line is `-- upgrade: rolling - <why>` (they may: it only adds what they never read or must write) or `-- upgrade: stop - <why>` (they must not), which the server reads and records with the migration. A release whose migrations are all marked rolling is upgraded to by restarting the servers one at a time; one that brings a migration marked stop, by stopping every server first. The release notes say which, and this table is made from the migrations themselves:",
    table(
      ["Release", "Migrations it brings", "Upgrading to it"],
      [...releases].reverse().map((release) => releaseRow(release, releases.indexOf(release), lastRelease)),
    ),
    "Moving up several releases at once, stop every server first if any release on the way says so.",
    "1. **Back up first** (above): migrations only go forwards, and the backup is the way back.",
    "2. **Install the new version** on every machine: `npm install -g @wsafe/server@<version>`, or until the packages are on a public registry its tarball, as `npm run pack` in a clone of the repository prints it. Within 1.x every release serves the same `/v1` ([versions](/versions/)). `wsafe --version` says which version a machine has; a build that is no release says so (`1.2.0+unreleased.3859895 (not a release: ...)`), as do its readiness line and its `/readyz` answers (`version`).",
    "3. **Restart one at a time, or stop every server first**, as the table says for the release (the first new server applies the pending migrations at its start, in one transaction under an advisory lock, so servers starting together apply each once, and logs each as `migration applied` with its `durationMs`):",
    "**One at a time** (`systemctl restart wsafe@8081`, then the next): the servers still on the previous version keep serving beside the new migrations, as their marks allow. Before restarting the next, wait until the one restarted is ready (`WSAFE_URL`: its address):",
    block(waitUntilReady),
    "**Stop every server first** (`systemctl stop 'wsafe@*'`), then start the new ones: no server of the previous version may run beside a migration marked stop, not even for a moment. The API is down from the first stop to the first new server ready.",
    `A server that finds a migration it does not know applied to its database while it runs (a newer server's) looks at its mark: marked rolling, it keeps serving and says so once in its log (at \`warn\`, with the migration's name); marked stop, it stops recording events, delivering webhooks and pruning, answers \`/readyz\` with 503 (${inlineCode('"checks":{"migrations":"newer"}')} and a \`description\` naming the migration and what to do) so that its load balancer takes it out, and says so once at \`error\`: stop it and start the new version in its place. It learns of the migration when the migrating transaction commits (a notification), or when \`/readyz\` is asked, or within 5 seconds on PostgreSQL. Servers of ${lastRelease} and earlier do not watch: beside a migration marked stop they go on serving as if nothing happened, which is why the table says to stop them first.`,
    "A server older than its database refuses to start unless every migration it does not know is marked rolling, naming the one that stops it: `database has migration 0011_x.sql, which this version of wsafe does not know: a newer version applied it, and servers of earlier versions must not run beside it. Start the newer version instead (or restore a backup taken before it to go back)`. The other commands of an older version (`wsafe import`, `wsafe tokens`) refuse any migration they do not know. `tests/deployment` restarts three servers one at a time under load with no failed call; `tests/operate` runs the previous release beside each rolling migration of this one, and a server beside a newer migration of each kind.",
  ];
}
