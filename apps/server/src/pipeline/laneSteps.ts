import type { RequestCheckId, requestChecks } from "@wsafe/schema";
import type { PipelineServices } from "../services/createPipelineServices.js";

/** The ids of a table of checks, in its order. */
type IdsOf<Checks> = Checks extends readonly [{ readonly id: infer Id extends RequestCheckId }, ...infer Rest]
  ? readonly [Id, ...IdsOf<Rest>]
  : readonly [];

/** The ids of the schema's checks in the schema's order, as a tuple type. */
export type CheckOrder = IdsOf<typeof requestChecks>;

/** Nothing: what a check that sets no field establishes. */
export type Nothing = Record<never, never>;

/**
 * What each check of a lane establishes when it passes: the fields it sets on the
 * request's state ({@link Nothing} for a check that only refuses).
 */
export type Establishes = { readonly [Id in RequestCheckId]: object };

/**
 * A lane of the pipeline (`/v1`, a `/trpc` procedure, `events.stream`): its request as
 * it arrives, and what each check establishes there; the last, the method's lookups,
 * sets the lane's `outcome`, which its runner answers.
 */
export interface Lane {
  readonly arrival: object;
  readonly establishes: Establishes & { readonly method_lookups: { readonly outcome: unknown } };
}

/**
 * Everything the checks before `Id` establish, in the schema's order: the fields a step
 * of `Id` may read besides the arrival. `Order` is the schema's unless a type test
 * reorders it.
 */
export type EstablishedBefore<
  Sets extends Establishes,
  Id extends RequestCheckId,
  Order extends readonly RequestCheckId[] = CheckOrder,
> = Order extends readonly [
  infer Head extends RequestCheckId,
  ...infer Rest extends readonly RequestCheckId[],
]
  ? Head extends Id
    ? Nothing
    : Sets[Head] & EstablishedBefore<Sets, Id, Rest>
  : Nothing;

/** One object type of an intersection, so that a type reads as the fields it has. */
type Flat<Type> = { [Key in keyof Type]: Type[Key] };

/** The fields a step sets: writable, and empty until it does. */
type Slots<Fields> = { -readonly [Key in keyof Fields]?: Fields[Key] };

/**
 * The state a lane's step for check `Id` is given: the request as it arrived and what
 * the checks before `Id` established, to read; what `Id` establishes, to set.
 */
export type StateAt<L extends Lane, Id extends RequestCheckId> = Flat<
  Readonly<L["arrival"] & EstablishedBefore<L["establishes"], Id>> & Slots<L["establishes"][Id]>
>;

/**
 * A lane's state as its runner and its edge hold it: the arrival, and every field a check
 * may have set, each optional, since a failure can come at any check (`pretty` is read
 * from `data` once `request_data` set it, the method for the log once it is known).
 */
export type LaneState<L extends Lane> = Flat<
  L["arrival"] & Slots<EstablishedBefore<L["establishes"], never>>
>;

/**
 * One check of the pipeline: passes (returns, or resolves), or throws the `ApiError` it
 * answers with. Synchronous checks return nothing, so the runner awaits only the ones
 * that wait on something.
 */
export type Step<State> = (state: State, services: PipelineServices) => void | Promise<void>;

/**
 * How a lane runs each check of the schema's `requestChecks`: one step per check id, each
 * given the state at its check ({@link StateAt}), so that a step reading what no check
 * before it set does not build, nor does a check of the schema without a step, nor a
 * reordering of the schema that puts a check before one whose field it reads.
 */
export type LaneSteps<L extends Lane> = { readonly [Id in RequestCheckId]: Step<StateAt<L, Id>> };

/**
 * A step as a runner holds it, in a list of a lane's steps in the schema's order: a step
 * over fields of the lane's state ({@link LaneState}). A method's parameter is compared
 * both ways, so a step that reads fields the lane's state only may hold (the ones the
 * checks before it set) fits here, given that their types are the lane's: which fields
 * each step may read was checked where its lane's table was written ({@link LaneSteps}),
 * against the very order the runner runs them in.
 */
export type RunnerStep<State> = {
  run(state: Partial<State>, services: PipelineServices): void | Promise<void>;
}["run"];
