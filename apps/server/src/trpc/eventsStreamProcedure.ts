import {
  durationWords,
  type EventsStreamParams,
  eventsStream,
  parseStreamParams,
  quoteInput,
} from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import type { EventFeed, FeedFilter } from "../events/EventFeed.js";
import { eventRecord } from "../events/EventLog.js";
import type { PipelineServices, RequestState } from "../pipeline/RequestState.js";
import type { RequestCheckSteps } from "../pipeline/requestCheckSteps.js";
import { runRequestChecks, stepsInSchemaOrder } from "../pipeline/runRequestPipeline.js";
import { procedureCheckSteps } from "./procedureCheckSteps.js";

/** What a checked `events.stream` call follows: whose and which events, after which sequence. */
export interface StreamPlan {
  filter: FeedFilter;
  after: number;
}

/** The plan a stream's lookups leave on the request state. */
type StreamState = RequestState & { streamPlan?: StreamPlan };

/** Check `permission` of the stream: the permission its definition names. */
function checkStreamPermission(state: RequestState): void {
  if (!state.token!.permissions.includes(eventsStream.permission))
    throw new ApiError("token_permission", `the token lacks the ${eventsStream.permission} permission`);
}

/** Check `parameters` of the stream: its input by the schema's own words and order. */
function checkStreamParameters(state: RequestState): void {
  const result = parseStreamParams("events.stream", state.data!);
  if (!result.ok) throw new ApiError(result.error, result.description);
  (state as StreamState & { streamParams?: EventsStreamParams }).streamParams = result.params;
}

/**
 * The stream's own lookups (row `method_lookups`): the equipment type, and where to go on
 * from - after the last event the client got, the first recorded at `from` or later, or
 * what is recorded from now on.
 */
function streamLookups(feed: EventFeed) {
  return async (state: RequestState, { store, events }: PipelineServices): Promise<void> => {
    const params = (state as StreamState & { streamParams: EventsStreamParams }).streamParams;
    const accountId = state.token!.accountId;
    if (
      params.equipmentType_id !== undefined &&
      !(await store.findEquipmentType(accountId, params.equipmentType_id))
    )
      throw new ApiError(
        "content_not_found",
        `equipment type not found: ${quoteInput(params.equipmentType_id)}`,
      );
    let after: number;
    if (params.lastEventId) {
      const [row] = await store.sql.query<{ sequence: string }>(
        "SELECT sequence::text FROM events WHERE id = $1 AND account_id = $2",
        [params.lastEventId, accountId],
      );
      if (!row)
        throw new ApiError(
          "parameter_invalid",
          `invalid parameter: lastEventId: no recorded event of the account has the id ${quoteInput(params.lastEventId)} (events are kept for ${durationWords(events.retentionMs)})`,
        );
      after = Number(row.sequence);
    } else if (params.from !== undefined) {
      if (params.from < events.oldestKept(state.now))
        throw new ApiError(
          "parameter_invalid",
          `invalid parameter: from: events are kept for ${durationWords(events.retentionMs)}`,
        );
      // Instants never fall as sequences rise: the first at `from` or later, through the sequence index.
      const [row] = await store.sql.query<{ sequence: string | null }>(
        "SELECT (SELECT sequence FROM events WHERE occurred_at >= $1 ORDER BY sequence LIMIT 1)::text AS sequence",
        [params.from],
      );
      after = row?.sequence == null ? await feed.lastSequence() : Number(row.sequence) - 1;
    } else {
      after = await feed.lastSequence();
    }
    (state as StreamState).streamPlan = {
      filter: { accountId, equipmentTypeId: params.equipmentType_id, types: params.types ?? [] },
      after,
    };
  };
}

/**
 * The checks of an `events.stream` call, `/trpc`'s steps with the stream's own where a
 * method's would be: the token, the account, the rate limit (one per connection), its
 * permission, its parameters, its lookups - in the schema's order.
 *
 * @param feed - the server's feed
 */
export function streamSteps(feed: EventFeed) {
  const steps: RequestCheckSteps = {
    ...procedureCheckSteps,
    permission: checkStreamPermission,
    parameters: checkStreamParameters,
    method_lookups: streamLookups(feed),
  };
  return stepsInSchemaOrder(steps);
}

/**
 * Checks a stream call and answers what it follows.
 *
 * @param steps - {@link streamSteps}
 * @param state - the call
 * @param services - the server's services
 */
export async function planStream(
  steps: ReturnType<typeof streamSteps>,
  state: RequestState,
  services: PipelineServices,
): Promise<StreamPlan> {
  await runRequestChecks(steps, state, services);
  return (state as StreamState).streamPlan!;
}

/** The events of a stream, as records: recorded, never expected. */
export async function* streamRecords(feed: EventFeed, plan: StreamPlan, signal: AbortSignal) {
  for await (const event of feed.follow(plan.filter, plan.after, signal))
    yield eventRecord(event, Date.now());
}
