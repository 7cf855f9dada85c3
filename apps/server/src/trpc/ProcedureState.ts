import type { Lane, LaneState, Nothing } from "../pipeline/laneSteps.js";
import type { Reads } from "../pipeline/RequestFields.js";
import type { V1Establishes } from "../pipeline/RequestState.js";

/**
 * A `/trpc` method call as it reaches its procedure: tRPC's adapter routed it (so the
 * method is the procedure's) and decoded its input; its HTTP envelope is tRPC's, which
 * no check of the call reads.
 */
export type ProcedureArrival = Reads<"now" | "input" | "method">;

/**
 * What each check of a `/trpc` method call establishes: `/v1`'s, but the method, known
 * before any check, and the request data, the input tRPC decoded.
 */
export interface TrpcEstablishes extends Omit<V1Establishes, "method_path"> {
  readonly method_path: Nothing;
}

/** The `/trpc` lane of a method: its calls as they reach the procedure, and what its checks establish. */
export interface TrpcLane extends Lane {
  readonly arrival: ProcedureArrival;
  readonly establishes: TrpcEstablishes;
}

/** One `/trpc` method call as its procedure and the runner hold it: what arrived, and what the checks that passed set. */
export type ProcedureState = LaneState<TrpcLane>;
