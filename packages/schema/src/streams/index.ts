import { eventsStream } from "./events.stream.js";

export * from "./events.stream.js";

/**
 * The subscriptions of the service, by name: each served by tRPC over Server-Sent Events
 * at its `path`, its input checked like a method's request data, its items records of
 * the schema.
 *
 * @example
 * import { streams } from "@wsafe/schema";
 * streams["events.stream"].path; // "/trpc/events.stream"
 */
export const streams = { "events.stream": eventsStream } as const;

/** The name of a subscription, e.g. `"events.stream"`. */
export type StreamName = keyof typeof streams;
