import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  type MigrationMark,
  namesMigration,
  readMigrationMarks,
  readReleaseNotes,
  upgradeReleases,
} from "./upgradeReleases.js";
import { upgradeSection } from "./upgradeSection.js";

const repoRoot = fileURLToPath(new URL("../../../../../", import.meta.url));
const mark = (name: string, upgrade: MigrationMark["upgrade"] = "rolling"): MigrationMark => ({
  name,
  upgrade,
  why: "why",
});

describe("the releases of this repository's migrations", () => {
  const marks = readMigrationMarks();
  const notes = readReleaseNotes(repoRoot);
  const { releases, unnamed } = upgradeReleases(marks, notes);
  const releaseOf = (name: string) =>
    releases.find((r) => r.migrations.some((m) => m.name === name))?.version;

  it("puts every migration in the release that brought it: none is named by no release note", () => {
    expect(unnamed).toEqual([]);
    expect(releases.flatMap((release) => release.migrations)).toEqual(marks);
    // The releases made say so for good.
    expect(Object.fromEntries(marks.slice(0, 8).map((m) => [m.name, releaseOf(m.name)]))).toEqual({
      "0001_initial.sql": "1.0.0",
      "0002_change_notifications.sql": "1.0.0",
      "0003_pagination.sql": "1.0.0",
      "0004_events.sql": "1.0.0",
      "0005_webhooks.sql": "1.0.0",
      "0006_streams_and_retention.sql": "1.1.0",
      "0007_webhook_pool.sql": "1.1.0",
      "0008_inspections.sql": "1.2.0",
    });
    // 0009 and 0010 came after 1.2.0, in one release (the next one, until it is made).
    expect(releaseOf("0010_schedule_change_notifications.sql")).toBe(
      releaseOf("0009_events_per_account.sql"),
    );
    expect(releaseOf("0009_events_per_account.sql")).not.toBe("1.2.0");
  });

  // What .changeset/README.md asks of a changeset that brings a migration: the words an
  // operator looks for in the release notes.
  it("has every pending changeset that names a migration say how to upgrade across it", () => {
    for (const [file, text] of Object.entries(notes.pending))
      for (const migration of marks.filter((m) => namesMigration(text, m.name))) {
        const words = migration.upgrade === "stop" ? /stop every server/i : /one at a time|rolling upgrade/i;
        expect(text, `${file} names ${migration.name}, marked ${migration.upgrade}`).toMatch(words);
      }
  });

  it("tells, on the Operate page, to stop every server before the release that brings 0009, and to restart one at a time before 1.2.0", () => {
    const page = upgradeSection(releases, "1.2.0").join("\n\n");
    const row = (release: string | undefined) =>
      page.split("\n").find((line) => line.startsWith(`| ${release ?? "the next release"}`)) ?? "";
    expect(row(releaseOf("0009_events_per_account.sql"))).toContain("**Stop every server first**");
    expect(row("1.2.0")).toContain("Restart one at a time");
    expect(row("1.1.0")).toContain("readiness line `listening on URL`");
  });
});

describe(namesMigration, () => {
  it.each([
    ["Migration `0008_inspections.sql` (inspections, ...)", "0008_inspections.sql", true],
    ["(migration `0006_streams_and_retention.sql`)", "0006_streams_and_retention.sql", true],
    ["Migration `0002_change_notifications` adds", "0002_change_notifications.sql", true],
    ["events ordered per account (migration 0009: sequences drawn", "0009_events_per_account.sql", true],
    ["Operators see: migration 0010, whose triggers", "0010_schedule_change_notifications.sql", true],
    ["migrations 0009 and 0010 apply at start", "0010_schedule_change_notifications.sql", true],
    ["10010 events, and 0010 users", "0010_schedule_change_notifications.sql", false],
    ["migration 00101", "0010_schedule_change_notifications.sql", false],
  ])("%s names %s: %s", (text, name, named) => {
    expect(namesMigration(text, name)).toBe(named);
  });
});

describe(upgradeReleases, () => {
  const changelog = [
    "# @wsafe/server",
    "## 1.2.0",
    "- Again about migration 0003.",
    "## 1.1.0",
    "- Streams (migration `0003_streams.sql`).",
    "## 1.0.0",
    "- First stable release. Migration `0002_notify` adds triggers.",
  ].join("\n\n");

  it("takes the oldest release naming it, the next release for a pending changeset, the first release for the schema before", () => {
    const marks = ["0001_initial.sql", "0002_notify.sql", "0003_streams.sql", "0004_next.sql"].map((n) =>
      mark(n),
    );
    const { releases, unnamed } = upgradeReleases(marks, {
      changelog,
      pending: { "next.md": "Adds migration 0004, a rolling upgrade." },
    });
    expect(unnamed).toEqual([]);
    expect(releases.map((r) => [r.version, r.migrations.map((m) => m.name)])).toEqual([
      ["1.0.0", ["0001_initial.sql", "0002_notify.sql"]],
      ["1.1.0", ["0003_streams.sql"]],
      [undefined, ["0004_next.sql"]],
    ]);
  });

  it("reports a migration after the first release that no note names: its changeset forgot it", () => {
    const marks = ["0001_initial.sql", "0002_notify.sql", "0003_streams.sql", "0004_forgotten.sql"].map((n) =>
      mark(n),
    );
    const { releases, unnamed } = upgradeReleases(marks, { changelog, pending: {} });
    expect(unnamed).toEqual(["0004_forgotten.sql"]);
    // The page still shows it, with the next release: where an unnamed new one most likely goes.
    expect(releases.at(-1)).toEqual({ version: undefined, migrations: [mark("0004_forgotten.sql")] });
  });
});
