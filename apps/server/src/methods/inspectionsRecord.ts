import { inspectionRecordProblem } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { recordInspection } from "../inspections/recordInspection.js";
import type { WriteHandler } from "./WriteHandler.js";

/**
 * `inspections.record`: the rules between the dates and the request's instant first (a
 * parameter check: before any lookup), then the recording itself, in the write's
 * transaction.
 */
export const inspectionsRecord: WriteHandler<"inspections.record"> = async (
  params,
  { token, now },
  transaction,
) => {
  const problem = inspectionRecordProblem(params, now);
  if (problem) throw new ApiError(problem.error, problem.description);
  return transaction((write) => recordInspection(write, { accountId: token.accountId, params, now }));
};
