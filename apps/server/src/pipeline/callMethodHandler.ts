import type { MethodName } from "@wsafe/schema";
import type { MethodHandler } from "../methods/MethodHandler.js";
import { methodHandlers } from "../methods/methodHandlers.js";
import type { PipelineServices, RequestState } from "./RequestState.js";

/**
 * Every handler under the one signature the pipeline calls it with: the checks before
 * set `state.params` to the parameters of `state.method`, so each handler gets its own.
 */
const handlers: { readonly [Name in MethodName]: MethodHandler<MethodName> } = methodHandlers as {
  readonly [Name in MethodName]: MethodHandler<MethodName>;
};

/**
 * Check `method_lookups`: calls the method's handler from `methodHandlers` straight,
 * with the parameters `parameters` parsed and the token the token checks found, and
 * keeps what it answered in `state.outcome`: its result, or the promise of it, which the
 * runner hands on as its own. Its lookups (`content_not_found`, ...) throw their
 * `ApiError` like any check (or reject that promise). The step itself never waits.
 *
 * No framework sits between the pipeline and the handler: a tRPC procedure call here
 * passed the call on and did nothing else, for 1-7 µs of the 30-35 a warm
 * `resources.list` cost (measured, apps/server/README.md).
 */
export function callMethodHandler(state: RequestState, services: PipelineServices): void {
  state.outcome = handlers[state.method!](state.params!, { services, token: state.token!, now: state.now });
}
