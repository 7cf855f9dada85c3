import type { Event } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import type { EventFeed, FeedEvent } from "../events/EventFeed.js";
import { eventRecord } from "../events/EventLog.js";
import { runRequestChecks } from "../pipeline/runRequestPipeline.js";
import type { OpenStream, OpenStreams, StreamEnding } from "../streams/OpenStreams.js";
import { type StreamPlan, type StreamState, streamSteps } from "./streamCheckSteps.js";
import type { TrpcContext } from "./TrpcContext.js";
import { toTrpcError } from "./trpcErrorCodes.js";

/**
 * The events of a stream, in batches as the feed hands them (`EventFeed.followBatches`),
 * each counted on the stream; a reader that falls behind what memory keeps for it is logged once each time.
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
  const onBehind = (behind: number) =>
    streams.log.info(
      { requestId: opened.holder.requestId, account: opened.holder.token.accountId, dropped: behind },
      `stream's reader fell ${behind} events behind; reading on from the store after the last event sent`,
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
 * schema's order: `streamCheckSteps.ts`), the per-token limit, then the recorded events in batches. It ends when
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
  const state: StreamState = { now: ctx.now, input };
  const { feed, streams } = ctx.services;
  let plan: StreamPlan;
  let opened: OpenStream;
  try {
    plan = await runRequestChecks(streamSteps, state, ctx.services);
    opened = streams.open({ token: plan.token, requestId: ctx.requestId, cut: ctx.cut });
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
