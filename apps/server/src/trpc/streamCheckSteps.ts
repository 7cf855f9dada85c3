import {
  durationWords,
  type EventsStreamParams,
  eventsStream,
  parseStreamParams,
  quoteInput,
} from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import type { FeedFilter } from "../events/EventFeed.js";
import { sequenceBeforeInstant, sequenceOfEvent } from "../events/streamStart.js";
import type { Lane, LaneState, LaneSteps } from "../pipeline/laneSteps.js";
import type { Reads } from "../pipeline/RequestFields.js";
import { stepsInSchemaOrder } from "../pipeline/runRequestPipeline.js";
import type { PipelineServices } from "../services/createPipelineServices.js";
import type { TokenRecord } from "../store/TokenRecord.js";
import type { TrpcEstablishes } from "./ProcedureState.js";
import { procedureCheckSteps } from "./procedureCheckSteps.js";

/** What a checked `events.stream` call follows: whose and which events, after which sequence. */
export interface StreamPlan {
  /** The caller's token, checked: its stream is counted against it, and ended with it. */
  token: TokenRecord;
  filter: FeedFilter;
  after: number;
}

/** An `events.stream` call as it reaches its procedure: no method of the registry, its input decoded by tRPC. */
export type StreamArrival = Reads<"now" | "input">;

/**
 * What each check of an `events.stream` call establishes: a method call's, but its own
 * parameters, and its lookups' plan of what the stream follows.
 */
export interface StreamEstablishes extends Omit<TrpcEstablishes, "parameters" | "method_lookups"> {
  readonly parameters: { readonly streamParams: EventsStreamParams };
  readonly method_lookups: { readonly outcome: StreamPlan };
}

/** The lane of `events.stream`: its calls as they reach the procedure, and what its checks establish. */
export interface StreamLane extends Lane {
  readonly arrival: StreamArrival;
  readonly establishes: StreamEstablishes;
}

/** One `events.stream` call as its procedure and the runner hold it. */
export type StreamState = LaneState<StreamLane>;

/** Check `permission` of the stream: the permission its definition names. */
function checkStreamPermission(state: Reads<"token">): void {
  if (!state.token.permissions.includes(eventsStream.permission))
    throw new ApiError("token_permission", `the token lacks the ${eventsStream.permission} permission`);
}

/** Check `parameters` of the stream: its input by the schema's own words and order. */
function checkStreamParameters(state: Reads<"data"> & { streamParams?: EventsStreamParams }): void {
  const result = parseStreamParams("events.stream", state.data);
  if (!result.ok) throw new ApiError(result.error, result.description);
  state.streamParams = result.params;
}

/**
 * The stream's own lookups (row `method_lookups`): the equipment type, and where to go on
 * from - after the last event the client got, the first recorded at `from` or later, or
 * what is recorded from now on.
 */
async function streamLookups(
  state: Reads<"token" | "now"> & { readonly streamParams: EventsStreamParams; outcome?: StreamPlan },
  { store, events, feed }: PipelineServices,
): Promise<void> {
  const { streamParams: params, token } = state;
  const { accountId } = token;
  if (
    params.equipmentType_id !== undefined &&
    !(await store.findEquipmentType(accountId, params.equipmentType_id))
  )
    throw new ApiError(
      "content_not_found",
      `equipment type not found: ${quoteInput(params.equipmentType_id)}`,
    );
  let after: number | undefined;
  if (params.lastEventId) {
    after = await sequenceOfEvent(store.sql, accountId, params.lastEventId);
    if (after === undefined)
      throw new ApiError(
        "parameter_invalid",
        `invalid parameter: lastEventId: no recorded event of the account has the id ${quoteInput(params.lastEventId)} (events are kept for ${durationWords(events.retentionMs)})`,
      );
  } else if (params.from !== undefined) {
    if (params.from < events.oldestKept(state.now))
      throw new ApiError(
        "parameter_invalid",
        `invalid parameter: from: events are kept for ${durationWords(events.retentionMs)}`,
      );
    after = await sequenceBeforeInstant(store.sql, accountId, params.from);
  }
  after ??= await feed.lastSequence(accountId);
  state.outcome = {
    token,
    filter: { accountId, equipmentTypeId: params.equipmentType_id, types: params.types ?? [] },
    after,
  };
}

/**
 * How an `events.stream` call runs each check of the schema's `requestChecks`: `/trpc`'s
 * steps with the stream's own where a method's would be - the token, the account, the
 * rate limit (one per connection), its permission, its parameters, its lookups. Keyed by
 * check id and checked like every lane's table; the order comes from the schema.
 */
export const streamCheckSteps = {
  ...procedureCheckSteps,
  permission: checkStreamPermission,
  parameters: checkStreamParameters,
  method_lookups: streamLookups,
} as const satisfies LaneSteps<StreamLane>;

/** {@link streamCheckSteps} in the schema's order. */
export const streamSteps = stepsInSchemaOrder<StreamState>(streamCheckSteps);
