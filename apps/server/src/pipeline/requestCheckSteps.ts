import type { RequestCheckId } from "@wsafe/schema";
import {
  checkAccountActive,
  checkPermission,
  checkRateLimit,
  checkTokenActive,
  checkTokenKnown,
  checkTokenPresent,
} from "./accessChecks.js";
import { checkHttpMethod, checkMethodPath, checkParameters, checkRequestData } from "./edgeChecks.js";
import type { RequestCheckStep } from "./RequestState.js";

/**
 * Marks a check the method's tRPC procedure runs: `method_lookups`, its resolver (the
 * method's handler, which looks up what the parameters name).
 */
export const inProcedure = "in the method's procedure";

/**
 * How the server runs each check of the schema's `requestChecks`, keyed by its id and
 * checked against them at compile time: a check added to the schema without a step
 * here does not build. The order is not here: the runner takes it from the schema.
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
  method_lookups: inProcedure,
} as const satisfies { readonly [Id in RequestCheckId]: RequestCheckStep | typeof inProcedure };
