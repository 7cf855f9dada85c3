import { type MethodName, type RequestCheckId, requestChecks } from "@wsafe/schema";
import type { MethodOutcome } from "../methods/MethodHandler.js";
import { callMethodProcedure } from "../trpc/callMethodProcedure.js";
import type { PipelineServices, RequestCheckStep, RequestState } from "./RequestState.js";
import { inProcedure, requestCheckSteps } from "./requestCheckSteps.js";

/**
 * Splits the schema's checks, in its order, into those the server runs itself and
 * those the method's procedure runs (which must come last, since the procedure is
 * called once). A schema that puts another check after them fails the start, loudly.
 *
 * @param order - the check ids in pipeline order
 */
export function planRequestChecks(order: readonly RequestCheckId[]): RequestCheckStep[] {
  const firstInProcedure = order.findIndex((id) => requestCheckSteps[id] === inProcedure);
  const tail = firstInProcedure < 0 ? [] : order.slice(firstInProcedure);
  const stray = tail.find((id) => requestCheckSteps[id] !== inProcedure);
  if (stray) {
    throw new Error(
      `the pipeline puts ${stray} after ${tail[0]}, but the method's procedure runs ${tail[0]} and every check after it`,
    );
  }
  return order.slice(0, firstInProcedure < 0 ? order.length : firstInProcedure).map((id) => {
    const step = requestCheckSteps[id];
    if (step === inProcedure) throw new Error(`unreachable: ${id}`);
    return step;
  });
}

const stepsBeforeProcedure = planRequestChecks(requestChecks.map((check) => check.id));

/**
 * Runs the request pipeline in the order of the schema's `requestChecks`: the checks
 * that need nothing from tRPC here (the parameters included), then the method's
 * procedure (its own lookups). The first failing check throws the `ApiError` it answers with.
 *
 * @param state - the request; each passing check records what it learned there
 * @param services - the store and the rate limiter
 * @returns what the method's handler answered
 */
export async function runRequestPipeline(
  state: RequestState,
  services: PipelineServices,
): Promise<MethodOutcome<MethodName>> {
  for (const step of stepsBeforeProcedure) {
    const pending = step(state, services);
    if (pending) await pending;
  }
  return callMethodProcedure(state.method!, state.params!, {
    store: services.store,
    token: state.token!,
    now: state.now,
    events: services.events,
    webhooks: services.webhooks,
  });
}
