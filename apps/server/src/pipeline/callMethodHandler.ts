import type { MethodName, Methods } from "@wsafe/schema";
import type { MethodHandlers, MethodOutcome } from "../methods/MethodHandler.js";
import { methodHandlers } from "../methods/methodHandlers.js";
import type { PipelineServices } from "../services/createPipelineServices.js";
import type { Reads } from "./RequestFields.js";

/**
 * The handlers under their table's type, one handler per method at its name: indexed by
 * a method `Name`, it is `MethodHandler<Name>`, which takes `Name`'s parameters.
 */
const handlers: MethodHandlers = methodHandlers;

/**
 * What `method_lookups` is given for a method `Name`: its parameters as `parameters`
 * parsed them for that very method, the token the token checks found, the instant; and
 * where it keeps what `Name`'s handler answered.
 */
export type MethodLookupsState<Name extends MethodName> = Reads<"token" | "now"> & {
  readonly method: Name;
  readonly params: Methods[Name]["parsedParams"];
  outcome?: MethodOutcome<Name> | Promise<MethodOutcome<Name>>;
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
export function callMethodHandler<Name extends MethodName>(
  state: MethodLookupsState<Name>,
  services: PipelineServices,
): void {
  state.outcome = handlers[state.method](state.params, { services, token: state.token, now: state.now });
}
