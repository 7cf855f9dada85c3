import { type Acknowledgement, acknowledgeDifferences } from "./acknowledgeDifferences.js";
import { checkReleaseLine } from "./checkReleaseLine.js";
import { type CliContract, diffCli } from "./diffCli.js";
import { type Contract, type DiffContractsOptions, diffContracts } from "./diffContracts.js";
import type { Difference } from "./difference.js";
import { type ContractChangeset, findContractChangesets } from "./findContractChangesets.js";
import { findReleaseGroup } from "./findReleaseGroup.js";
import { plannedVersion } from "./plannedVersion.js";

/** The verdict of the gate on one pair of snapshots. */
export interface ContractCheckResult {
  /** True when the next contract may be released as it is. */
  ok: boolean;
  /** Differences that break consumers of the released contract and no acknowledgement accepts. */
  breaking: Difference[];
  /** Breaking differences a reviewed acknowledgement accepts exactly, with its reason. */
  acknowledged: (Difference & { reason: string })[];
  /** Differences that only add or strengthen promises. */
  additive: Difference[];
  /** Changesets that bump the contract's package. */
  changesets: ContractChangeset[];
  /** Changesets that bump the command line's package. */
  cliChangesets: ContractChangeset[];
  /** The version the packages would be released at, when their current version is known. */
  version?: string;
  /** The next contract's line, its URL segment: `v1`. */
  line: string;
  /** The next contract starts a new line (`/v2`). */
  newLine: boolean;
  /** Breaking differences pass: the release moves to the next line as its major (`/v2`, 2.0.0). */
  breakingAllowed: boolean;
  /** Why the version to release does not name its contract line (also in `failures`). */
  lineFailures: string[];
  /** Why the gate fails, one line each; empty when it passes. */
  failures: string[];
}

/** Options of {@link checkContract}. */
export interface CheckContractOptions extends DiffContractsOptions {
  /** The `.changeset` directory to look for a minor or major bump in; omitted: no bump is found. */
  changesetDir?: string;
  /** The package whose changeset counts for the contract. Default `@wsafe/schema`. */
  packageName?: string;
  /** The package whose changeset counts for the command line. Default `@wsafe/server`. */
  cliPackageName?: string;
  /** The command line: the released snapshot (none before its first release) and the next one. */
  cli?: { base?: CliContract; next: CliContract };
  /**
   * The version of the contract's package now. With it, the pending changesets of its
   * `fixed` group give the version to release, whose major must name the contract line.
   */
  currentVersion?: string;
  /** Reviewed acceptances of single breaking differences (corrections); default none. */
  acknowledgements?: readonly Acknowledgement[];
}

const isCli = (difference: Difference) => difference.rule.startsWith("cli.");
const atLeastMinor = (changesets: readonly ContractChangeset[]) =>
  changesets.some((changeset) => changeset.type === "minor" || changeset.type === "major");

function needsChangeset(count: number, changesets: ContractChangeset[], packageName: string, what: string) {
  const found = changesets.length
    ? ` (found only: ${changesets.map((c) => `${c.file} ${c.type}`).join(", ")})`
    : "";
  return `${count} additive or acknowledged ${what} change(s) need a changeset bumping ${packageName} by at least minor${found}: run \`pnpm changeset\`, pick ${packageName}, choose minor.`;
}

/**
 * The gate: diffs the snapshots (the contract with its walks and metrics, and the
 * command line), fails on any breaking difference that no reviewed acknowledgement
 * names exactly unless the release moves to the next line as its major (`/v2` with
 * 2.0.0), on a release whose major version does not name its contract line, on an
 * acknowledgement that names no difference, and on additive or acknowledged
 * differences without a changeset bumping their package by at least a minor version.
 *
 * @example
 * const result = checkContract(released, next, { changesetDir: ".changeset", currentVersion: "1.2.0" });
 * if (!result.ok) console.error(result.failures.join("\n"));
 */
export function checkContract(
  base: Contract,
  next: Contract,
  options: CheckContractOptions = {},
): ContractCheckResult {
  const packageName = options.packageName ?? "@wsafe/schema";
  const cliPackageName = options.cliPackageName ?? "@wsafe/server";
  const differences = [
    ...diffContracts(base, next, options),
    ...(options.cli ? diffCli(options.cli.base, options.cli.next) : []),
  ];
  const { breaking, acknowledged, unmatched } = acknowledgeDifferences(
    differences.filter((d) => d.severity === "breaking"),
    options.acknowledgements ?? [],
  );
  const additive = differences.filter((d) => d.severity === "additive");
  const dir = options.changesetDir;
  const changesets = dir ? findContractChangesets(dir, packageName) : [];
  const cliChangesets = dir ? findContractChangesets(dir, cliPackageName) : [];
  const bumps = dir
    ? findReleaseGroup(dir, packageName).flatMap((name) =>
        findContractChangesets(dir, name).map((c) => c.type),
      )
    : [];
  const version = options.currentVersion && plannedVersion(options.currentVersion, bumps);
  const line = checkReleaseLine({
    released: base.version,
    next: next.version,
    version: version || undefined,
  });
  const failures = [...line.failures];
  if (breaking.length && !line.breakingAllowed) {
    failures.push(
      `${breaking.length} breaking change(s): /${next.version} must not break its consumers; add a new method, field, flag or metric instead, or move the contract to its next line with a major changeset (/v2 with 2.0.0).`,
    );
  }
  for (const stale of unmatched) {
    failures.push(
      `acknowledgement matches no difference (remove it, or copy rule, path and message exactly): ${stale.rule} ${stale.path} ${stale.message}`,
    );
  }
  const changed = [...additive, ...acknowledged];
  const contractChanged = changed.filter((d) => !isCli(d)).length;
  const cliChanged = changed.filter(isCli).length;
  if (contractChanged && !atLeastMinor(changesets))
    failures.push(needsChangeset(contractChanged, changesets, packageName, "contract"));
  if (cliChanged && !atLeastMinor(cliChangesets))
    failures.push(needsChangeset(cliChanged, cliChangesets, cliPackageName, "command-line"));
  return {
    ok: failures.length === 0,
    breaking,
    acknowledged,
    additive,
    changesets,
    cliChangesets,
    ...(version && { version }),
    line: next.version,
    newLine: line.newLine,
    breakingAllowed: line.breakingAllowed,
    lineFailures: line.failures,
    failures,
  };
}
