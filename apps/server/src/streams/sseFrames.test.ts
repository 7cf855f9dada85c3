import { TRPCError, tracked } from "@trpc/server";
import { sseStreamProducer, sseHeaders as trpcSseHeaders } from "@trpc/server/unstable-core-do-not-import";
import { describe, expect, it } from "vitest";
import type { FeedEvent } from "../events/EventFeed.js";
import { eventRecord } from "../events/EventLog.js";
import {
  connectedFrame,
  EventFrames,
  pingFrame,
  serializedErrorFrame,
  sseHeaders,
  trackedFrame,
} from "./sseFrames.js";

/** Everything tRPC's own producer writes for `values`, as text. */
async function trpcWrites(
  values: AsyncIterable<unknown>,
  options: { pingMs?: number; formatError?: (error: unknown) => unknown } = {},
) {
  const stream = sseStreamProducer({
    data: values,
    client: { reconnectAfterInactivityMs: 45_000 },
    ping: options.pingMs ? { enabled: true, intervalMs: options.pingMs } : undefined,
    formatError: options.formatError && (({ error }) => options.formatError!(error)),
  });
  let text = "";
  const decoder = new TextDecoder();
  for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  return text;
}

const event = (n: number): FeedEvent => ({
  id: `evt_${n}`,
  type: "schedule.status_changed",
  occurred_at: String(1_700_000_000_000 + n),
  cause: "time",
  equipment_id: "eq_1",
  equipment_type_id: "et_1",
  schedule_id: "sch_annual",
  from_status: "valid",
  to_status: "expiring",
  inspection_id: null,
  record: null,
  previous_attributes: null,
  sequence: String(n),
});

describe("the frames of events.stream's hand-written wire", () => {
  it("are tRPC 11's bytes for the opening, tracked values and the end of a stream that ends", async () => {
    async function* values() {
      yield tracked("evt_1", { a: 1, text: "line\nbreak" });
      yield tracked("evt_2", { b: [2, "é"] });
    }
    expect(await trpcWrites(values())).toBe(
      connectedFrame({ reconnectAfterInactivityMs: 45_000 }) +
        trackedFrame("evt_1", { a: 1, text: "line\nbreak" }) +
        trackedFrame("evt_2", { b: [2, "é"] }) +
        // tRPC's `return`, which the hand-written wire never sends: its streams end only
        // when a reader leaves, a duration passes, the server stops (all quietly), or fail.
        "event: return\ndata: \n\n\n",
    );
  });

  it("are tRPC 11's bytes for a ping and for a failure's shape", async () => {
    const shape = { code: -32001, message: "unknown token", data: { error: "token_invalid" } };
    async function* values() {
      await new Promise((resolve) => setTimeout(resolve, 120));
      yield tracked("evt_1", { a: 1 });
      throw new TRPCError({ code: "UNAUTHORIZED", message: "unknown token" });
    }
    const text = await trpcWrites(values(), { pingMs: 50, formatError: () => shape });
    const pings = text.split(pingFrame).length - 1;
    expect(pings).toBeGreaterThanOrEqual(1);
    expect(text).toBe(
      connectedFrame({ reconnectAfterInactivityMs: 45_000 }) +
        pingFrame.repeat(pings) +
        trackedFrame("evt_1", { a: 1 }) +
        serializedErrorFrame(shape),
    );
  });

  it("answer with tRPC's headers", () => {
    const lowered = Object.fromEntries(
      Object.entries(trpcSseHeaders).map(([name, value]) => [name.toLowerCase(), value]),
    );
    expect(sseHeaders).toEqual({ vary: "trpc-accept, accept", ...lowered });
  });

  it("make an event's frame once, whichever stream asks, and a batch's as one text", () => {
    const frames = new EventFrames();
    const [first, second] = [event(1), event(2)];
    const once = frames.of(first);
    expect(once).toBe(trackedFrame("evt_1", eventRecord(first, Date.now())));
    expect(frames.of(first)).toBe(once);
    // An equal event read again (another read of the store) is framed alike.
    expect(frames.of({ ...first })).toBe(once);
    expect(frames.ofBatch([first, second])).toBe(once + frames.of(second));
  });
});
