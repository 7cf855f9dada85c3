import { type Acknowledgement, acknowledgeDifferences } from "./acknowledgeDifferences.js";
import { type Contract, type DiffContractsOptions, diffContracts } from "./diffContracts.js";
import type { Difference } from "./difference.js";
import { type ContractChangeset, findContractChangesets } from "./findContractChangesets.js";

/** The verdict of the gate on one pair of snapshots. */
export interface ContractCheckResult {
  /** True when the next contract may be released under /v1 as it is. */
  ok: boolean;
  /** Differences that break consumers of the released contract and no acknowledgement accepts. */
  breaking: Difference[];
  /** Breaking differences a reviewed acknowledgement accepts exactly, with its reason. */
  acknowledged: (Difference & { reason: string })[];
  /** Differences that only add or strengthen promises. */
  additive: Difference[];
  /** Changesets that bump the contract's package. */
  changesets: ContractChangeset[];
  /** Why the gate fails, one line each; empty when it passes. */
  failures: string[];
}

/** Options of {@link checkContract}. */
export interface CheckContractOptions extends DiffContractsOptions {
  /** The `.changeset` directory to look for a minor or major bump in; omitted: no bump is found. */
  changesetDir?: string;
  /** The package whose changeset counts. Default `@wsafe/schema`. */
  packageName?: string;
  /** Reviewed acceptances of single breaking differences (corrections); default none. */
  acknowledgements?: readonly Acknowledgement[];
}

/**
 * The gate: diffs the snapshots, fails on any breaking difference (never allowed under
 * /v1, whatever the changesets say) that no reviewed acknowledgement names exactly, on
 * an acknowledgement that names no difference, and on additive or acknowledged
 * differences without a changeset bumping the contract's package by at least a minor
 * version.
 *
 * @example
 * const result = checkContract(released, next, { changesetDir: ".changeset" });
 * if (!result.ok) console.error(result.failures.join("\n"));
 */
export function checkContract(
  base: Contract,
  next: Contract,
  options: CheckContractOptions = {},
): ContractCheckResult {
  const packageName = options.packageName ?? "@wsafe/schema";
  const differences = diffContracts(base, next, options);
  const { breaking, acknowledged, unmatched } = acknowledgeDifferences(
    differences.filter((d) => d.severity === "breaking"),
    options.acknowledgements ?? [],
  );
  const additive = differences.filter((d) => d.severity === "additive");
  const changesets = options.changesetDir ? findContractChangesets(options.changesetDir, packageName) : [];
  const failures: string[] = [];
  if (breaking.length) {
    failures.push(
      `${breaking.length} breaking change(s): /v1 must not break its consumers; add a new method or field instead.`,
    );
  }
  for (const stale of unmatched) {
    failures.push(
      `acknowledgement matches no difference (remove it, or copy rule, path and message exactly): ${stale.rule} ${stale.path} ${stale.message}`,
    );
  }
  const changed = additive.length + acknowledged.length;
  if (changed && !changesets.some((changeset) => changeset.type === "minor" || changeset.type === "major")) {
    const found = changesets.length
      ? ` (found only: ${changesets.map((c) => `${c.file} ${c.type}`).join(", ")})`
      : "";
    failures.push(
      `${changed} additive or acknowledged change(s) need a changeset bumping ${packageName} by at least minor${found}: run \`pnpm changeset\`, pick ${packageName}, choose minor.`,
    );
  }
  return { ok: failures.length === 0, breaking, acknowledged, additive, changesets, failures };
}
