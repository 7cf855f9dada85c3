import { type MethodName, requestChecks } from "@wsafe/schema";
import type { MethodOutcome } from "../methods/MethodHandler.js";
import type { PipelineServices, RequestCheckStep, RequestState } from "./RequestState.js";
import { type RequestCheckSteps, requestCheckSteps } from "./requestCheckSteps.js";

/**
 * The steps of a table keyed by check id, in the order of the schema's `requestChecks`:
 * the order is read from the contract, never written in the server.
 *
 * @param steps - one step per check id (`/v1`'s, or `/trpc`'s)
 */
export function stepsInSchemaOrder(steps: RequestCheckSteps): readonly RequestCheckStep[] {
  return requestChecks.map((check) => steps[check.id]);
}

/**
 * Runs steps in turn; the first that fails throws the `ApiError` it answers with.
 * Synchronous steps cost no promise: only a step that waits on something is awaited,
 * and while none does, the whole run is synchronous (it returns the handler's outcome
 * itself, or throws). A warm `resources.list` (token and list in the read cache) thus
 * runs with no promise and no microtask turn. Before, five `async` layers (this
 * runner, the lane, the handler, the store, the cache) each cost a promise and a turn
 * per request: 10 % of the server's CPU per request (median of 10 pinned rounds
 * taking turns with the build before; bench README, section 1).
 *
 * @param steps - the steps, in pipeline order
 * @param state - the request; each passing step records what it learned there
 * @param services - the store and the rate limiter
 * @param from - the index of the first step to run
 * @returns what the method's handler answered (`method_lookups`, the last step), or a
 *   promise of it once a step or the handler waited
 * @throws the failing step's error, when no step waited before it (else the promise rejects)
 */
export function runRequestChecks(
  steps: readonly RequestCheckStep[],
  state: RequestState,
  services: PipelineServices,
  from = 0,
): MethodOutcome<MethodName> | Promise<MethodOutcome<MethodName>> {
  for (let index = from; index < steps.length; index++) {
    const pending = steps[index]!(state, services);
    if (pending) return pending.then(() => runRequestChecks(steps, state, services, index + 1));
  }
  return state.outcome!;
}

const v1Steps = stepsInSchemaOrder(requestCheckSteps);

/**
 * Runs the `/v1` request pipeline in the order of the schema's `requestChecks`, from
 * the path to the method's handler, which it calls straight (no framework between).
 * The first failing check throws the `ApiError` it answers with (synchronously while
 * no check waited; see {@link runRequestChecks}).
 *
 * @param state - the request; each passing check records what it learned there
 * @param services - the store and the rate limiter
 * @returns what the method's handler answered, or a promise of it
 */
export function runRequestPipeline(
  state: RequestState,
  services: PipelineServices,
): MethodOutcome<MethodName> | Promise<MethodOutcome<MethodName>> {
  return runRequestChecks(v1Steps, state, services);
}
