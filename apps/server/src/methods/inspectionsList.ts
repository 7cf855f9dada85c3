import { eventsPageSize, inspectionsListProblem, quoteInput } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { pageResult } from "../pagination/pageResult.js";
import { readPageRequest } from "../pagination/readPageRequest.js";
import { walkRequestOf } from "../pagination/walkRequestOf.js";
import type { MethodHandler } from "./MethodHandler.js";

/**
 * `inspections.list`: one page of the account's inspections, filtered, by `performed_at`
 * then `id`. Every id it filters on must be the account's: another account's is not found,
 * as an unknown one is.
 */
export const inspectionsList: MethodHandler<"inspections.list"> = async (
  params,
  { services: { store, inspections }, token, now },
) => {
  // Parameter checks first: they answer before any lookup. The cursor is one parameter,
  // checked against its walk before the rules between the filters: a cursor sent with
  // other filters than its walk began with is named as the cursor's fault.
  const secret = await store.cursorSecret();
  // Every answer is a page, as events.list's: its first is `eventsPageSize` long unless `limit` says.
  const limit = params.limit ?? (params.cursor === undefined ? eventsPageSize : undefined);
  const walk = walkRequestOf("inspections.list", params, token.accountId, now);
  const page = readPageRequest({ limit, cursor: params.cursor }, walk, secret)!;
  const problem = inspectionsListProblem(params);
  if (problem) throw new ApiError(problem.error, problem.description);
  const { accountId } = token;
  if (params.equipment_id !== undefined && !(await inspections.hasEquipment(accountId, params.equipment_id)))
    throw new ApiError("content_not_found", `equipment not found: ${quoteInput(params.equipment_id)}`);
  if (
    params.equipmentType_id !== undefined &&
    !(await store.findEquipmentType(accountId, params.equipmentType_id))
  )
    throw new ApiError(
      "content_not_found",
      `equipment type not found: ${quoteInput(params.equipmentType_id)}`,
    );
  if (params.inspector_id !== undefined && !(await store.findUser(accountId, params.inspector_id)))
    throw new ApiError("content_not_found", `inspector not found: ${quoteInput(params.inspector_id)}`);
  const rows = await inspections.page(
    {
      accountId,
      equipmentId: params.equipment_id,
      scheduleId: params.schedule_id,
      equipmentTypeId: params.equipmentType_id,
      inspectorId: params.inspector_id,
      from: params.from,
      to: params.to,
    },
    page.after as readonly [string, string] | undefined,
    page.limit + 1,
  );
  return pageResult("inspections", rows, page, secret);
};
