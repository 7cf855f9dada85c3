import { type MethodName, type RequestCheckId, requestChecks } from "@wsafe/schema";
import type { MethodOutcome } from "../methods/MethodHandler.js";
import type { PipelineServices } from "../services/createPipelineServices.js";
import type { RunnerStep } from "./laneSteps.js";
import type { RequestCheckStep, RequestState } from "./RequestState.js";
import { requestCheckSteps } from "./requestCheckSteps.js";

/**
 * The steps of a table keyed by check id, in the order of the schema's `requestChecks`:
 * the order is read from the contract, never written in the server. The table is typed
 * for its lane (`LaneSteps`); here each step becomes a step over the lane's state
 * (`RunnerStep`), `/v1`'s unless the lane's state is named.
 *
 * @param steps - one step per check id (`/v1`'s, or `/trpc`'s)
 */
export function stepsInSchemaOrder<State = RequestState>(
  steps: {
    readonly [Id in RequestCheckId]: RunnerStep<NoInfer<State>>;
  },
): readonly RunnerStep<State>[] {
  return requestChecks.map((check) => steps[check.id]);
}

/** A lane's state as its runner reads it: the outcome its last step keeps, or the promise of it. */
type KeepsOutcome<Outcome> = { readonly outcome?: Outcome | Promise<Outcome> };

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
 * @returns what the last step (`method_lookups`, the method's handler) kept as the
 *   state's outcome, or a promise of it once a step or the handler waited
 * @throws the failing step's error, when no step waited before it (else the promise rejects)
 */
export function runRequestChecks<Outcome>(
  steps: readonly RunnerStep<KeepsOutcome<Outcome>>[],
  state: KeepsOutcome<Outcome>,
  services: PipelineServices,
  from = 0,
): Outcome | Promise<Outcome> {
  for (let index = from, step = steps[from]; step !== undefined; step = steps[++index]) {
    const pending = step(state, services);
    if (pending) return pending.then(() => runRequestChecks(steps, state, services, index + 1));
  }
  const { outcome } = state;
  // Every lane's table has a `method_lookups` step that keeps it (`LaneSteps`): steps
  // that do not are a bug of the server, never an answer.
  if (outcome === undefined) throw new Error("no step of the pipeline kept an outcome");
  return outcome;
}

const v1Steps: readonly RequestCheckStep[] = stepsInSchemaOrder(requestCheckSteps);

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
