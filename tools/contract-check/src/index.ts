/**
 * The breaking-change gate: a direction-aware differ over two contract snapshots (walks
 * and metrics included) and two command-line snapshots, the version line, the changeset
 * check, and the report.
 *
 * @packageDocumentation
 */
export {
  type Acknowledged,
  type Acknowledgement,
  acknowledgeDifferences,
  parseAcknowledgements,
} from "./acknowledgeDifferences.js";
export { type CheckContractOptions, type ContractCheckResult, checkContract } from "./checkContract.js";
export { checkReleaseLine, type ReleaseLine, type ReleaseLineVerdict } from "./checkReleaseLine.js";
export { type CliArgument, type CliContract, type CliOption, diffCli } from "./diffCli.js";
export {
  type Contract,
  type DiffContractsOptions,
  defaultOpenEnums,
  defaultRecordDirections,
  diffContracts,
} from "./diffContracts.js";
export { type Difference, difference } from "./difference.js";
export { diffMetrics, type Metric } from "./diffMetrics.js";
export { diffPipeline, type PipelineCheck } from "./diffPipeline.js";
export { type DiffSchemaOptions, type Direction, diffSchema } from "./diffSchema.js";
export { diffWalk, type Walk, type WalkingMethod } from "./diffWalk.js";
export { type ContractChangeset, findContractChangesets } from "./findContractChangesets.js";
export { findReleaseGroup } from "./findReleaseGroup.js";
export { formatReport } from "./formatReport.js";
export { type Bump, plannedVersion } from "./plannedVersion.js";
export { releasedContractFile } from "./releasedContractFile.js";
export { type RuleId, ruleIds, rules, type Severity } from "./rules.js";
export { type CommandIo, defaultPaths, runContractCheck, usage } from "./runContractCheck.js";
