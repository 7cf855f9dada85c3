import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type BuildInfo, deriveBuildInfo } from "./deriveBuildInfo.js";
import { packageVersion } from "./packageVersion.js";

/** The version this server says it is, in `wsafe --version`, `/readyz` and its readiness line. */
export interface BuildVersion extends BuildInfo {
  /**
   * `1.2.0` for a release; for a build carrying changes no release holds, the version
   * with SemVer build metadata: `1.2.0+unreleased.3859895` (the commit's first 7 digits).
   */
  label: string;
}

/** The label of a build, see {@link BuildVersion.label}. */
export function versionLabel(info: BuildInfo): string {
  if (!info.unreleased) return info.version;
  const commit = info.unreleased.commit ? `.${info.unreleased.commit.slice(0, 7)}` : "";
  return `${info.version}+unreleased${commit}`;
}

let cached: BuildVersion | undefined;

/**
 * This server's version, from `dist/build.json`, which the build writes (see
 * `writeBuildInfo.ts`), read by the sources too (tests run them beside the build); with
 * no build, from the workspace as it stands.
 *
 * @example
 * buildVersion().label; // "1.2.0", or "1.2.0+unreleased.3859895" for a build of main
 */
export function buildVersion(): BuildVersion {
  if (cached) return cached;
  let info: BuildInfo;
  try {
    info = JSON.parse(readFileSync(new URL("../../dist/build.json", import.meta.url), "utf8")) as BuildInfo;
  } catch {
    info = deriveBuildInfo(fileURLToPath(new URL("../..", import.meta.url)), packageVersion(), {
      git: false,
    });
  }
  cached = { ...info, label: versionLabel(info) };
  return cached;
}

/**
 * The version in words, for `wsafe --version`: the label, and for a build that is no
 * release, that it is not and what it holds.
 *
 * @example
 * describeVersion(buildVersion());
 * // "1.2.0+unreleased.3859895 (not a release: 1.2.0 and 23 changes not released yet, built at commit 3859895)"
 */
export function describeVersion(build: BuildVersion): string {
  const { unreleased } = build;
  if (!unreleased) return build.label;
  const changes = `${unreleased.changesets} ${unreleased.changesets === 1 ? "change" : "changes"}`;
  const commit = unreleased.commit ? `, built at commit ${unreleased.commit.slice(0, 7)}` : "";
  return `${build.label} (not a release: ${build.version} and ${changes} not released yet${commit})`;
}
