import type { Lane, LaneState, Nothing, RunnerStep } from "./laneSteps.js";
import type { Reads } from "./RequestFields.js";

/** The services each step is given beside the request's state, listed where they are made. */
export type { PipelineServices } from "../services/createPipelineServices.js";

/** A `/v1` request as it arrived, before any check ran: its HTTP envelope and its instant. */
export type V1Arrival = Reads<"httpMethod" | "path" | "rawQuery" | "body" | "bodyError" | "now">;

/**
 * What each check of `/v1` establishes when it passes: the path names the method, the
 * body or query string is the request data, then come the token's secret and record, the
 * parameters and what the method's handler answered.
 */
export interface V1Establishes {
  readonly method_path: Reads<"method">;
  readonly http_method: Nothing;
  readonly request_data: Reads<"data">;
  readonly token_present: Reads<"tokenSecret">;
  readonly token_known: Reads<"token">;
  readonly token_active: Nothing;
  readonly account_active: Nothing;
  readonly rate_limit: Nothing;
  readonly permission: Nothing;
  readonly parameters: Reads<"params">;
  readonly method_lookups: Reads<"outcome">;
}

/** The `/v1` lane: its requests as they arrive, and what its checks establish. */
export interface V1Lane extends Lane {
  readonly arrival: V1Arrival;
  readonly establishes: V1Establishes;
}

/**
 * One `/v1` request as the pipeline's runner and the HTTP edge hold it: what arrived, and
 * what each check that passed learned (the method, the decoded data, the token), up to
 * what the method's handler answered. Each step is given more: the state at its own check
 * (`StateAt`), with what the checks before it established.
 */
export type RequestState = LaneState<V1Lane>;

/** One step of `/v1` as its runner holds it (see `RunnerStep`). */
export type RequestCheckStep = RunnerStep<RequestState>;
