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
 * Synchronous steps cost no promise: only a step that waits on something is awaited.
 *
 * @param steps - the steps, in pipeline order
 * @param state - the request; each passing step records what it learned there
 * @param services - the store and the rate limiter
 * @returns what the method's handler answered (`method_lookups`, the last step)
 */
export async function runRequestChecks(
  steps: readonly RequestCheckStep[],
  state: RequestState,
  services: PipelineServices,
): Promise<MethodOutcome<MethodName>> {
  for (const step of steps) {
    const pending = step(state, services);
    if (pending) await pending;
  }
  return state.outcome!;
}

const v1Steps = stepsInSchemaOrder(requestCheckSteps);

/**
 * Runs the `/v1` request pipeline in the order of the schema's `requestChecks`, from
 * the path to the method's handler, which it calls straight (no framework between).
 * The first failing check throws the `ApiError` it answers with.
 *
 * @param state - the request; each passing check records what it learned there
 * @param services - the store and the rate limiter
 * @returns what the method's handler answered
 */
export function runRequestPipeline(
  state: RequestState,
  services: PipelineServices,
): Promise<MethodOutcome<MethodName>> {
  return runRequestChecks(v1Steps, state, services);
}
