// Which release brought which migration, and so how to upgrade to it: read from the
// migrations' own marks (`generated/migrations.json` of the built @wsafe/server, written
// from each file's `-- upgrade:` line) and from the release notes, which name the
// migrations they bring: the server's CHANGELOG.md for the releases made, the pending
// changesets for the next one. .changeset/README.md says how a changeset must name them.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** One migration and its mark, as the server's build wrote them. */
export interface MigrationMark {
  name: string;
  /** `rolling`: servers of the release before keep running beside it; `stop`: every one must stop first. */
  upgrade: "rolling" | "stop";
  why: string;
}

/** A release (or the next one) and the migrations it brings. */
export interface UpgradeRelease {
  /** `1.2.0`; `undefined` for the next release, not made yet. */
  version: string | undefined;
  migrations: MigrationMark[];
}

/** The release notes the attribution reads. */
export interface ReleaseNotes {
  /** The server's CHANGELOG.md, as changesets writes it (`## 1.2.0` sections, newest first). */
  changelog: string;
  /** The text of each pending changeset, by file name. */
  pending: Record<string, string>;
}

const require = createRequire(import.meta.url);

/** Reads `generated/migrations.json` of the built `@wsafe/server`. */
export function readMigrationMarks(): MigrationMark[] {
  const file = join(dirname(require.resolve("@wsafe/server/package.json")), "generated", "migrations.json");
  try {
    return JSON.parse(readFileSync(file, "utf8")) as MigrationMark[];
  } catch (error) {
    throw new Error(
      `the upgrade steps read ${file}: build @wsafe/server first (${(error as Error).message})`,
    );
  }
}

/** The server's release notes in the repository at `repoRoot`. */
export function readReleaseNotes(repoRoot: string): ReleaseNotes {
  const changelogFile = join(repoRoot, "apps", "server", "CHANGELOG.md");
  const changesets = join(repoRoot, ".changeset");
  const pending = existsSync(changesets)
    ? readdirSync(changesets)
        .filter((name) => name.endsWith(".md") && name !== "README.md")
        .sort()
    : [];
  return {
    changelog: existsSync(changelogFile) ? readFileSync(changelogFile, "utf8") : "",
    pending: Object.fromEntries(pending.map((name) => [name, readFileSync(join(changesets, name), "utf8")])),
  };
}

/** The `## x.y.z` sections of a changesets changelog, oldest first. */
export function releaseSections(changelog: string): { version: string; text: string }[] {
  const parts = changelog.split(/^## (\d+\.\d+\.\d+)\s*$/m);
  const sections: { version: string; text: string }[] = [];
  for (let i = 1; i + 1 < parts.length; i += 2)
    sections.push({ version: parts[i] ?? "", text: parts[i + 1] ?? "" });
  return sections.reverse();
}

/**
 * Whether a release note names a migration: by its file name (`0008_inspections.sql`,
 * with or without `.sql`) or as `migration 0009` / `migrations 0009 and 0010`.
 */
export function namesMigration(text: string, migration: string): boolean {
  const number = migration.slice(0, 4);
  return (
    new RegExp(`\\b${migration.replace(/\.sql$/, "")}\\b`).test(text) ||
    new RegExp(`\\bmigrations? \`?${number}\\b`, "i").test(text) ||
    new RegExp(`\\bmigrations \`?\\d{4}\\b[^.]*? and \`?${number}\\b`, "i").test(text)
  );
}

/**
 * Puts each migration in the release that brought it: the oldest release whose notes name
 * it; else the next release, when a pending changeset names it. Those named nowhere came
 * with the first release when numbered below every migration a later release names (the
 * first stable release's notes do not list its schema), else with the next release.
 *
 * @returns the releases that brought migrations, oldest first, and the migrations named
 * nowhere that came after the first release (a changeset forgot to name them)
 */
export function upgradeReleases(
  marks: readonly MigrationMark[],
  notes: ReleaseNotes,
): { releases: UpgradeRelease[]; unnamed: string[] } {
  const sections = releaseSections(notes.changelog);
  const first = sections[0]?.version;
  const laterNamed = marks.filter((mark) =>
    sections.slice(1).some((section) => namesMigration(section.text, mark.name)),
  );
  const lowestLater = laterNamed[0]?.name;
  const byRelease = new Map<string | undefined, MigrationMark[]>();
  const unnamed: string[] = [];
  for (const mark of marks) {
    let release = sections.find((section) => namesMigration(section.text, mark.name))?.version;
    if (
      release === undefined &&
      !Object.values(notes.pending).some((text) => namesMigration(text, mark.name))
    ) {
      if (first !== undefined && lowestLater !== undefined && mark.name < lowestLater) release = first;
      else unnamed.push(mark.name);
    }
    byRelease.set(release, [...(byRelease.get(release) ?? []), mark]);
  }
  const releases = [...sections.map((section) => section.version), undefined]
    .filter((version) => byRelease.has(version))
    .map((version) => ({ version, migrations: byRelease.get(version) ?? [] }));
  return { releases, unnamed };
}
