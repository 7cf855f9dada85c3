/**
 * The /v1 contract of the wsafe workplace-safety Web API: zod 4 schemas for every
 * record, every method's parameters and result, the error identifiers, the method
 * registry and the dataset format.
 *
 * @example
 * import { equipmentSchema, validate, methods } from "@wsafe/schema";
 *
 * @packageDocumentation
 */
export {
  type CatalogEntry,
  isSchemaName,
  recordPage,
  type SchemaName,
  type SchemaOutput,
  schemaCatalog,
  schemaNames,
} from "./catalog.js";
export * from "./dataset.js";
export * from "./durationText.js";
export * from "./envelope.js";
export * from "./errors.js";
export { formatIssuePath } from "./formatIssuePath.js";
export {
  defineMethod,
  type FeedSpec,
  type MethodDefinition,
  type MethodExample,
  type MethodSpec,
  type Permission,
  type PermissionOf,
  type RegistryOwnErrors,
  type RegistryParams,
  type WalkSpec,
} from "./methods/defineMethod.js";
export * from "./methods/equipments.changes.js";
export * from "./methods/equipments.create.js";
export * from "./methods/equipments.list.js";
export * from "./methods/equipments.retire.js";
export * from "./methods/equipments.update.js";
export * from "./methods/equipmentTypes.create.js";
export * from "./methods/equipmentTypes.list.js";
export * from "./methods/equipmentTypes.update.js";
export * from "./methods/equipmentWriteFields.js";
export * from "./methods/events.list.js";
export * from "./methods/eventsWindow.js";
export * from "./methods/idempotencyKey.js";
export * from "./methods/inspectionRules.js";
export * from "./methods/inspections.list.js";
export * from "./methods/inspections.record.js";
export * from "./methods/registerRules.js";
export * from "./methods/resources.list.js";
export * from "./methods/schedules.remove.js";
export * from "./methods/schedules.set.js";
export * from "./methods/users.info.js";
export * from "./methods/webhooks.create.js";
export * from "./methods/webhooks.delete.js";
export * from "./methods/webhooks.deliveries.js";
export * from "./methods/webhooks.list.js";
export * from "./methods/webhooks.redeliver.js";
export * from "./methods/webhooks.rotate_secret.js";
export * from "./pagination.js";
export { type ParamsFailure, type ParamsSuccess, parseParams, parseStreamParams } from "./parseParams.js";
export {
  type MethodErrorsOf,
  methodErrorsFor,
  type OwnError,
  type PipelineError,
  prettyFromCheck,
  type RequestCheck,
  type RequestCheckId,
  requestCheckIds,
  requestChecks,
  unforeseenError,
} from "./pipeline.js";
export { describeJsonSyntaxError } from "./problems/describeJsonSyntaxError.js";
export { describeProblems } from "./problems/describeProblems.js";
export { type FormatProblemsOptions, formatProblem, formatProblems } from "./problems/formatProblems.js";
export { type JsonSyntaxError, locateJsonSyntaxError } from "./problems/locateJsonSyntaxError.js";
export { locateRecord, type RecordLocation } from "./problems/locateRecord.js";
export type { PayloadProblem } from "./problems/PayloadProblem.js";
export { quotedInputLimit, quoteInput } from "./quoteInput.js";
export * from "./records/index.js";
export * from "./registry.js";
export * from "./streams/index.js";
export { type ValidationIssue, type ValidationResult, validate } from "./validate.js";
export * from "./webhookAddressRules.js";
export * from "./webhookDelivery.js";
export * from "./wire.js";
