import {
  durationWords,
  type Event,
  type EventsStreamParams,
  eventsStream,
  parseStreamParams,
  quoteInput,
} from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import type { EventFeed, FeedEvent, FeedFilter } from "../events/EventFeed.js";
import { eventRecord } from "../events/EventLog.js";
import { sequenceBeforeInstant, sequenceOfEvent } from "../events/streamStart.js";
import type { PipelineServices, RequestState } from "../pipeline/RequestState.js";
import type { RequestCheckSteps } from "../pipeline/requestCheckSteps.js";
import { runRequestChecks, stepsInSchemaOrder } from "../pipeline/runRequestPipeline.js";
import type { OpenStream, OpenStreams, StreamEnding } from "../streams/OpenStreams.js";
import { procedureCheckSteps } from "./procedureCheckSteps.js";
import type { TrpcContext } from "./TrpcContext.js";
import { toTrpcError } from "./trpcErrorCodes.js";
import { trpcPrefix } from "./trpcPrefix.js";

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

/**
 * The events of a stream, in batches as the feed hands them (`EventFeed.followBatches`),
 * each counted on the stream; a reader that falls behind its buffer is logged once each time.
 *
 * @param feed - the server's feed
 * @param plan - what the stream follows
 * @param opened - the server's end of it
 * @param streams - the server's open streams (their settings and log)
 * @param signal - ends it (the reader left, its maximum duration, the server ended it)
 */
async function* followedBatches(
  feed: EventFeed,
  plan: StreamPlan,
  opened: OpenStream,
  streams: OpenStreams,
  signal: AbortSignal,
): AsyncGenerator<readonly FeedEvent[]> {
  const onBehind = (dropped: number) =>
    streams.log.info(
      { requestId: opened.holder.requestId, account: opened.holder.token.accountId, dropped },
      `stream's reader fell ${streams.settings.bufferedEvents} events behind; reading on from the store after the last event sent`,
    );
  for await (const events of feed.followBatches(plan.filter, plan.after, signal, {
    maxBuffered: streams.settings.bufferedEvents,
    onBehind,
  })) {
    opened.sent += events.length;
    yield events;
  }
}

/**
 * One `events.stream` call, from its checks to its end: the checks (`/v1`'s, in the
 * schema's order), the per-token limit, then the recorded events in batches. It ends when
 * the reader leaves, after the maximum duration, or when the server ends it: on a stop
 * without a word (an `AbortError`: the client resumes after the last event it got,
 * elsewhere or after the restart), when its token may no longer read with that failure
 * (a `TRPCError`: the client does not resume). A failed check is a `TRPCError` too.
 *
 * @param ctx - the `/trpc` request's context
 * @param input - the subscription's input, unchecked
 * @param signal - the reader left, or the maximum duration passed
 */
export async function* streamEventBatches(
  ctx: TrpcContext,
  input: unknown,
  signal: AbortSignal | undefined,
): AsyncGenerator<readonly FeedEvent[]> {
  const state: RequestState = {
    httpMethod: ctx.httpMethod,
    path: `${trpcPrefix}/events.stream`,
    rawQuery: "",
    body: undefined,
    bodyError: undefined,
    now: ctx.now,
    input,
  };
  const { feed, streams } = ctx.services;
  let plan: StreamPlan;
  let opened: OpenStream;
  try {
    plan = await planStream(streamSteps(feed), state, ctx.services);
    opened = streams.open({ token: state.token!, requestId: ctx.requestId, cut: ctx.cut });
  } catch (error) {
    throw toTrpcError(error);
  }
  const reader = signal ?? new AbortController().signal;
  try {
    yield* followedBatches(feed, plan, opened, streams, AbortSignal.any([reader, opened.signal]));
    const reason: unknown = opened.signal.reason;
    if (reason instanceof ApiError) throw toTrpcError(reason);
    // tRPC ends a stream quietly on an abort: no `return` message, so the client resumes.
    if (opened.signal.aborted) throw new DOMException("the server is stopping", "AbortError");
  } finally {
    streams.close(opened, endingOf(opened, Date.now() - ctx.now >= streams.settings.maxDurationMs));
  }
}

/**
 * {@link streamEventBatches} an event record at a time (recorded, never expected), as
 * tRPC's own subscription sends them: the path of a stream call that is not a plain GET.
 */
export async function* streamEvents(
  ctx: TrpcContext,
  input: unknown,
  signal: AbortSignal | undefined,
): AsyncGenerator<Event> {
  for await (const events of streamEventBatches(ctx, input, signal))
    for (const event of events) yield eventRecord(event, Date.now());
}

/**
 * Why a stream ended, as its closing line says.
 *
 * @param lastedItsMaximum - the request is as old as the maximum duration (tRPC's timer,
 *   which ends it then, starts between the request's arrival and the stream's opening)
 */
function endingOf(opened: OpenStream, lastedItsMaximum: boolean): StreamEnding {
  const reason: unknown = opened.signal.reason;
  if (reason instanceof ApiError) return reason.error;
  if (opened.signal.aborted) return "stopping";
  return lastedItsMaximum ? "max_duration" : "client_closed";
}
