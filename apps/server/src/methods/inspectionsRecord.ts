import { inspectionRecordProblem } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import type { MethodHandler } from "./MethodHandler.js";

/**
 * `inspections.record`: the rules between the dates and the request's instant first (a
 * parameter check: before any lookup), then the recording itself, in one transaction.
 */
export const inspectionsRecord: MethodHandler<"inspections.record"> = (
  params,
  { services: { inspections, events }, token, now },
) => {
  const problem = inspectionRecordProblem(params, now);
  if (problem) throw new ApiError(problem.error, problem.description);
  // The schedule changed: this server's next events.list page must not come from before.
  return inspections.record({ accountId: token.accountId, params, now }).finally(() => events.changed());
};
