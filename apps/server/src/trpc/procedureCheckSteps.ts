import type { LaneSteps } from "../pipeline/laneSteps.js";
import type { Reads, Sets } from "../pipeline/RequestFields.js";
import { requestCheckSteps } from "../pipeline/requestCheckSteps.js";
import { requestDataObject } from "../pipeline/requestDataObject.js";
import { stepsInSchemaOrder } from "../pipeline/runRequestPipeline.js";
import type { ProcedureState, TrpcLane } from "./ProcedureState.js";

/**
 * A check that tRPC's Fastify adapter has made before any procedure runs: it routed the
 * call by its path (no procedure: `NOT_FOUND`, answered as `api_method_not_found`) and
 * refused an HTTP method its procedure type does not take (`METHOD_NOT_SUPPORTED`,
 * answered as `request_method_invalid`).
 */
function checkedByTrpcAdapter(): void {}

/**
 * Check `request_data` of a `/trpc` call: tRPC decoded the input from JSON; it must be
 * an object, held to the same rule as `/v1`'s request data. No input is `{}`, as absent
 * data is on `/v1` (so a call without one answers `token_missing`).
 */
function checkProcedureInput(state: Reads<"input"> & Sets<"data">): void {
  state.data = requestDataObject(state.input === undefined ? {} : state.input);
}

/**
 * How a `/trpc` procedure runs each check of the schema's `requestChecks`: `/v1`'s very
 * steps (`requestCheckSteps`) from `token_present` to `method_lookups` - the token, the
 * account, the rate limit, the permission, the parameters, then the method's handler -
 * and, for the checks of the HTTP envelope, what tRPC's adapter does in their place.
 * Keyed by check id and exhaustive like `/v1`'s table; the order comes from the schema.
 */
export const procedureCheckSteps = {
  ...requestCheckSteps,
  method_path: checkedByTrpcAdapter,
  http_method: checkedByTrpcAdapter,
  request_data: checkProcedureInput,
} as const satisfies LaneSteps<TrpcLane>;

/** {@link procedureCheckSteps} in the schema's order. */
export const procedureSteps = stepsInSchemaOrder<ProcedureState>(procedureCheckSteps);
