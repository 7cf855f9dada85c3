// How an `events.stream` call ends, driven straight through its generator on an embedded
// store, in seconds: the suites that watch a stream through a server wait for instants to
// pass (20-30 s a file), too slow for the set Stryker runs for each mutant. Each ending -
// the reader leaving, the maximum duration, a stop, a revoked token - is read where an
// operator reads it, in the stream's closing log line, and in what its caller is thrown.
import { TRPCError } from "@trpc/server";
import type { DatasetInput } from "@wsafe/schema";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "../errors/ApiError.js";
import { EventFeed } from "../events/EventFeed.js";
import { EventLog } from "../events/EventLog.js";
import { importDataset } from "../import/importDataset.js";
import type { PipelineServices } from "../pipeline/RequestState.js";
import { defaultRateLimit, RateLimiter } from "../rateLimit/RateLimiter.js";
import { createPipelineServices } from "../services/createPipelineServices.js";
import { notificationChannels } from "../store/database/notificationChannels.js";
import { openStore } from "../store/openStore.js";
import type { Store } from "../store/Store.js";
import type { OpenStreams } from "../streams/OpenStreams.js";
import { streamEventBatches } from "./eventsStreamProcedure.js";
import type { TrpcContext } from "./TrpcContext.js";

const account = "acc_ending";
const token = "ending-token-read-000000000";
/** One account, its read token and one harness: the events are written by the test. */
const dataset: DatasetInput = {
  accounts: [{ id: account, name: "Ending" }],
  tokens: [{ token, account_id: account }],
  equipmentTypes: [{ id: "et_ending", account_id: account, name: "Harness", metafields: [] }],
  equipments: [],
};
const maxDurationMs = 60_000;
const bufferedEvents = 2;
const requestId = "req_stream_ending";

/** A log line of the streams, as an operator reads it. */
interface LogLine {
  fields: Record<string, unknown>;
  message: string;
}

describe(streamEventBatches, () => {
  let store: Store;
  let feed: EventFeed;
  let rateLimiter: RateLimiter;
  let events: EventLog;
  let sequence = 0;
  const lines: LogLine[] = [];
  const open: OpenStreams[] = [];

  /** The services of a server whose streams log into `lines`, the feed the test's own. */
  function services(): PipelineServices {
    const made = createPipelineServices(store, {
      rateLimiter,
      log: {
        info: (fields, message) => lines.push({ fields: fields as Record<string, unknown>, message }),
        error: () => {},
      },
      streams: { maxDurationMs, bufferedEvents, perToken: 5, endGraceMs: 1_000 },
    });
    open.push(made.streams);
    return { ...made, events, feed };
  }

  /** A `/trpc` request's context that arrived at `now`. */
  const context = (now = Date.now()): TrpcContext => ({
    services: services(),
    requestId,
    httpMethod: "GET",
    now,
    cut: () => {},
  });

  /** Records `count` events of the account, an hour ago, and tells the feed as a recording commit does. */
  async function record(count: number): Promise<void> {
    const at = Date.now() - 3_600_000;
    for (let i = 0; i < count; i++) {
      sequence++;
      await store.sql.query(
        `INSERT INTO events (id, sequence, account_id, type, occurred_at, cause, equipment_id, equipment_type_id, schedule_id, from_status, to_status)
         VALUES ($1, $2, $3, 'schedule.status_changed', $4, 'time', 'eq_ending', 'et_ending', 'sch_annual', 'uptodate', 'expiring')`,
        [`ev_ending_${sequence}`, sequence, account, at + sequence],
      );
    }
    await store.sql.query("SELECT pg_notify($1, '')", [notificationChannels.events.name]);
  }

  const closingLines = () => lines.filter((line) => line.message === "stream closed");

  beforeAll(async () => {
    store = await openStore("memory://");
    await importDataset(store, dataset);
    const [row] = await store.sql.query<{ last: string | null }>(
      "SELECT max(sequence)::text AS last FROM events",
    );
    sequence = Number(row?.last ?? 0);
    feed = new EventFeed(store.sql, {
      info() {},
      error: (_fields, message) => {
        throw new Error(message);
      },
    });
    await feed.start();
    rateLimiter = await RateLimiter.create(defaultRateLimit, undefined);
    events = new EventLog(store.sql);
  }, 60_000);
  afterEach(() => {
    vi.useRealTimers();
    for (const streams of open.splice(0)) streams.endAll();
    lines.length = 0;
  });
  afterAll(async () => {
    await feed?.stop();
    await rateLimiter?.close();
    await store?.close();
  });

  it("closes as client_closed when its reader leaves, counting the events it sent", async () => {
    await record(3);
    const reader = new AbortController();
    const batches = streamEventBatches(context(), { token, from: Date.now() - 7_200_000 }, reader.signal);
    const first = await batches.next();
    const sent = first.done ? [] : first.value;
    expect(sent.map((event) => event.id).slice(-3)).toEqual([
      `ev_ending_${sequence - 2}`,
      `ev_ending_${sequence - 1}`,
      `ev_ending_${sequence}`,
    ]);
    reader.abort();
    expect(await batches.next()).toEqual({ done: true, value: undefined });
    expect(closingLines()).toEqual([
      {
        message: "stream closed",
        fields: expect.objectContaining({
          requestId,
          account,
          events: sent.length,
          endedBy: "client_closed",
        }),
      },
    ]);
  });

  it("closes as max_duration once the request is as old as the maximum duration, not a millisecond sooner", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(1_800_000_000_000);
    for (const [age, endedBy] of [
      [maxDurationMs, "max_duration"],
      [maxDurationMs - 1, "client_closed"],
    ] as const) {
      const batches = streamEventBatches(context(Date.now() - age), { token }, AbortSignal.abort());
      expect(await batches.next()).toEqual({ done: true, value: undefined });
      expect(closingLines().at(-1)?.fields, `a request ${age} ms old`).toMatchObject({ events: 0, endedBy });
    }
  });

  it("ends quietly when the server stops, so that its client resumes elsewhere", async () => {
    const ctx = context();
    const batches = streamEventBatches(ctx, { token }, new AbortController().signal);
    const waiting = batches.next();
    await vi.waitFor(() => expect(ctx.services.streams.size).toBe(1));
    ctx.services.streams.endAll();
    const ended = await waiting.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(ended).toBeInstanceOf(DOMException);
    expect(ended).toMatchObject({ name: "AbortError", message: "the server is stopping" });
    expect(closingLines().at(-1)?.fields).toMatchObject({ events: 0, endedBy: "stopping" });
  });

  it("ends with the failure its token now answers, so that its client does not resume", async () => {
    const ctx = context();
    const batches = streamEventBatches(ctx, { token }, new AbortController().signal);
    const waiting = batches.next();
    await vi.waitFor(() => expect(ctx.services.streams.tokenKeys()).toHaveLength(1));
    const [key] = ctx.services.streams.tokenKeys();
    ctx.services.streams.endForToken(key!, new ApiError("token_inactive", "the token has been deactivated"));
    const ended = await waiting.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(ended).toBeInstanceOf(TRPCError);
    expect(ended).toMatchObject({ code: "UNAUTHORIZED", message: "the token has been deactivated" });
    expect((ended as TRPCError).cause).toMatchObject({ error: "token_inactive" });
    expect(closingLines().at(-1)?.fields).toMatchObject({ events: 0, endedBy: "token_inactive" });
  });

  it("starts from the oldest instant kept, and refuses one a millisecond older", async () => {
    const now = Date.now();
    const oldest = events.oldestKept(now);
    const accepted = streamEventBatches(context(now), { token, from: oldest }, AbortSignal.abort());
    expect(await accepted.next()).toEqual({ done: true, value: undefined });
    const refused = streamEventBatches(context(now), { token, from: oldest - 1 }, AbortSignal.abort());
    await expect(refused.next()).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/^invalid parameter: from: events are kept for /),
    });
  });

  it("says once when its reader falls behind the events kept in memory, and reads on from the store", async () => {
    const ctx = context();
    const batches = streamEventBatches(ctx, { token }, new AbortController().signal);
    const waiting = batches.next();
    await vi.waitFor(() => expect(ctx.services.streams.size).toBe(1));
    await record(bufferedEvents + 3);
    const first = await waiting;
    expect(first.done).toBe(false);
    expect(first.value).toHaveLength(bufferedEvents + 3);
    expect(lines.filter((line) => line.message.includes("fell"))).toEqual([
      {
        message: `stream's reader fell ${bufferedEvents} events behind; reading on from the store after the last event sent`,
        fields: { requestId, account, dropped: bufferedEvents },
      },
    ]);
    await batches.return(undefined);
  });
});
