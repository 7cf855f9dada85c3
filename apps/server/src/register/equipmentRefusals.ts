import { quoteInput, type RegisterWriteMethod, registerParamsProblem } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";

/**
 * The refusals of the equipment writes (`equipments.create`, `update`, `retire`), worded
 * as the schema's examples word them: the conformance kit compares those descriptions
 * with the demo server's answers, so they are written once, here. Caller text goes
 * through `quoteInput`.
 */
export const equipmentRefusals = {
  /** An `id` or `external_id` that names no equipment of the account: another account's looks the same. */
  equipmentNotFound: (name: string) =>
    new ApiError("content_not_found", `equipment not found: ${quoteInput(name)}`),
  /** An `equipmentType_id` that is no type of the account. */
  typeNotFound: (typeId: string) =>
    new ApiError("content_not_found", `equipment type not found: ${quoteInput(typeId)}`),
  /** An `assignedUsers_id` entry that is no user of the account. */
  userNotFound: (userId: string) =>
    new ApiError("content_not_found", `user not found: ${quoteInput(userId)}`),
  /** A metavalue key that is not a metafield of the type the equipment is (or moves) to. */
  notAMetafield: (key: string, typeId: string) =>
    new ApiError(
      "parameter_invalid",
      `invalid parameter: metavalues.${quoteInput(key)}: not a metafield of equipment type ${quoteInput(typeId)}`,
    ),
  /** A key another equipment of the account's register holds. */
  externalIdTaken: (key: string, holderId: string) =>
    new ApiError(
      "external_id_taken",
      `external_id ${quoteInput(key)} is held by equipment ${holderId}: update it with equipments.update, or choose another key`,
    ),
  /** An `if_version` that is not the stored one. */
  versionMismatch: (equipmentId: string, version: number, ifVersion: number) =>
    new ApiError(
      "version_mismatch",
      `equipment ${equipmentId} is at version ${version}, not if_version ${ifVersion}: read it again, apply your change to it and send its version`,
    ),
};

/**
 * Refuses a register write's parameters that break a rule no JSON Schema says
 * (`registerParamsProblem`: a NUL character, `id` and `external_id` together, ...): the
 * pipeline's `parameters` row, so before any lookup and outside the transaction.
 *
 * @param method - the write method
 * @param params - its parameters, as parsed
 * @throws ApiError `parameter_invalid` naming the parameter
 * @example
 * checkRegisterParams("equipments.retire", params); // throws when both id and external_id are sent
 */
export function checkRegisterParams(method: RegisterWriteMethod, params: Record<string, unknown>): void {
  const problem = registerParamsProblem(method, params);
  if (problem) throw new ApiError(problem.error, problem.description);
}
