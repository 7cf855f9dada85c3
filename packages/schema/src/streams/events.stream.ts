import * as z from "zod";
import { durationWords } from "../durationText.js";
import { defaultEventsRetentionMs } from "../methods/events.list.js";
import { eventSchema, eventTypeSchema } from "../records/event.js";
import { timestamp } from "../records/primitives.js";

/**
 * Parameters of the `events.stream` subscription: the token, what to follow, and where
 * to resume.
 *
 * @example
 * const input: EventsStreamParams = { token, types: ["equipment.status_changed"] };
 * @see https://docs.wsafe.dev/events/#the-stream
 */
export const eventsStreamParamsSchema = z
  .strictObject({
    token: z.string().min(1).describe("API token. Required."),
    from: timestamp(
      `Replay the recorded events from this instant on before the live ones (within the retention, ${durationWords(defaultEventsRetentionMs)} by default). Omitted: only what is recorded from now on.`,
    ).optional(),
    equipmentType_id: z
      .string()
      .min(1)
      .optional()
      .describe("Only the events of this type's equipment. Omitted: every type of the account."),
    types: z
      .array(eventTypeSchema)
      .optional()
      .describe(
        "Only events of these types. Omitted or empty: the status types, `schedule.status_changed` and `equipment.status_changed`; the record types (`equipment.created`, `equipment.updated`, `equipment.retired`, `equipmentType.created`, `equipmentType.updated`) come only where named.",
      ),
    lastEventId: z
      .string()
      .nullish()
      .describe(
        "The `id` of the last event received: the stream goes on after it, with nothing missed and nothing repeated. tRPC's clients and an `EventSource` send it by themselves when they reconnect (the `Last-Event-ID` header).",
      ),
  })
  .meta({
    id: "EventsStreamParams",
    title: "events.stream parameters",
    description: "Input of the `events.stream` subscription.",
  });

/** Input of `events.stream`, as a caller writes it. */
export type EventsStreamParams = z.input<typeof eventsStreamParamsSchema>;

/**
 * The `events.stream` subscription: the account's events as they are recorded, over
 * Server-Sent Events, served by tRPC at `/trpc/events.stream`.
 *
 * @see https://docs.wsafe.dev/events/#the-stream
 */
export const eventsStream = {
  name: "events.stream",
  /** Where it is served, relative to the service's origin. */
  path: "/trpc/events.stream",
  summary:
    "Streams the account's events as they are recorded, over Server-Sent Events, resumable by event id.",
  description: [
    "A tRPC subscription over Server-Sent Events at `/trpc/events.stream` (`GET`, its input the JSON of the parameters in the `input` query parameter): each event the service records for the token's account, as it is recorded - a time transition within a second of its instant, an import's when the import commits - on every server of a deployment.",
    "Each SSE message carries the event record as its data and the event's `id` as its SSE id (tRPC's `tracked()`): a client that reconnects sends the last id it got (`lastEventId`, or the `Last-Event-ID` header an `EventSource` sends) and gets what it missed, from the store, then the live events, in recording order (`sequence`), none twice. With `from`, the recorded events from that instant come first. Keep-alive pings keep idle connections open through proxies.",
    "The stream takes the checks of every method: the token (its `read` permission), the account, the rate limit (one request per connection), the parameters; a type or a `lastEventId` that is not the account's answers `content_not_found` / `parameter_invalid`. A failure is tRPC's error, whose `data.error` is the /v1 identifier.",
    "A stream lives within bounds. A token holds at most 5 streams open on one server at once (the server's `--streams-per-token`); the next answers `limit_reached`. A stream ends after 30 minutes (`--stream-max-duration`) and when the server stops, without tRPC's `return` message: the client reconnects by itself, resumes after the last event it got, and its checks run again (a client that has got no event yet has no id to resume from: subscribe with `from` set to the moment you start, and a reconnect replays from there). When its token is deactivated or its account made inactive, it ends within seconds with `token_inactive` or `account_inactive`, and is not resumed. A reader slower than the events come loses nothing: the server keeps the events an account's streams have yet to take in memory, once for all of them, a bounded number (a reader that stops reading costs it under 2 MiB however much is recorded), and a stream further behind reads on from the store after the last event it sent.",
  ].join("\n\n"),
  permission: "read",
  params: eventsStreamParamsSchema,
  item: eventSchema,
} as const;
