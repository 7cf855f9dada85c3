/**
 * The /v1 breaking-change gate: a direction-aware differ over two contract snapshots,
 * the changeset check, and the report.
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
export {
  type Contract,
  type DiffContractsOptions,
  defaultOpenEnums,
  defaultRecordDirections,
  diffContracts,
} from "./diffContracts.js";
export { type Difference, difference } from "./difference.js";
export { diffPipeline, type PipelineCheck } from "./diffPipeline.js";
export { type DiffSchemaOptions, type Direction, diffSchema } from "./diffSchema.js";
export { type ContractChangeset, findContractChangesets } from "./findContractChangesets.js";
export { formatReport } from "./formatReport.js";
export { type RuleId, ruleIds, rules, type Severity } from "./rules.js";
export { type CommandIo, defaultPaths, runContractCheck, usage } from "./runContractCheck.js";
