import {
  checkAccountActive,
  checkPermission,
  checkRateLimit,
  checkTokenActive,
  checkTokenKnown,
  checkTokenPresent,
} from "./accessChecks.js";
import { callMethodHandler } from "./callMethodHandler.js";
import { checkHttpMethod, checkMethodPath, checkParameters, checkRequestData } from "./edgeChecks.js";
import type { LaneSteps } from "./laneSteps.js";
import type { V1Lane } from "./RequestState.js";

/**
 * How the server runs each check of the schema's `requestChecks` on `/v1`, keyed by
 * its id and checked against them at compile time: a check added to the schema without
 * a step here does not build, nor does a step that reads what no check before it (in the
 * schema's order) set. The last, `method_lookups`, is the method's handler itself. The
 * order is not here: the runner takes it from the schema. `/trpc` runs the very same
 * steps from `token_present` on (`src/trpc/procedureCheckSteps.ts`).
 */
export const requestCheckSteps = {
  method_path: checkMethodPath,
  http_method: checkHttpMethod,
  request_data: checkRequestData,
  token_present: checkTokenPresent,
  token_known: checkTokenKnown,
  token_active: checkTokenActive,
  account_active: checkAccountActive,
  rate_limit: checkRateLimit,
  permission: checkPermission,
  parameters: checkParameters,
  method_lookups: callMethodHandler,
} as const satisfies RequestCheckSteps;

/**
 * One step per check of the schema's `requestChecks`, keyed by its id, each given the
 * `/v1` state at its check: the request as it arrived and what the checks before it set.
 */
export type RequestCheckSteps = LaneSteps<V1Lane>;
