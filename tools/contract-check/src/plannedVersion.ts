/** A changeset's bump, as `changeset version` reads it. */
export type Bump = "major" | "minor" | "patch" | "none";

const order: Bump[] = ["none", "patch", "minor", "major"];

/**
 * The version `changeset version` gives a fixed group: the group's current version
 * bumped once by the highest bump among its pending changesets (semver: `0.4.2` with a
 * major changeset is `1.0.0`).
 *
 * @param current - the group's version now, e.g. `0.1.0`
 * @param bumps - the bumps of the pending changesets of the group's packages
 * @example
 * plannedVersion("1.4.2", ["patch", "minor"]); // "1.5.0"
 */
export function plannedVersion(current: string, bumps: readonly Bump[]): string {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(current);
  if (!match) throw new Error(`cannot plan a release from version ${current} (expected MAJOR.MINOR.PATCH)`);
  const [major, minor, patch] = match.slice(1).map(Number) as [number, number, number];
  const highest = bumps.reduce<Bump>(
    (top, bump) => (order.indexOf(bump) > order.indexOf(top) ? bump : top),
    "none",
  );
  if (highest === "major") return `${major + 1}.0.0`;
  if (highest === "minor") return `${major}.${minor + 1}.0`;
  if (highest === "patch") return `${major}.${minor}.${patch + 1}`;
  return current;
}
