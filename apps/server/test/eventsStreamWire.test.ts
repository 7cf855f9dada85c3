// events.stream's plain calls (a GET, as EventSource and @trpc/client's httpSubscriptionLink
// send them) are written by hand, a batch of events a write (`serveEventsStream.ts`); every
// other call goes through tRPC's own handler - a POST with the input in its body is one. So
// one server answers the same stream both ways, and the hand-written wire is held here to
// tRPC's, byte for byte: the status and headers, the opening frame, every event's frame
// (replayed, resumed after a Last-Event-ID, and live), a failed check's error frame.

import type { DatasetInput } from "@wsafe/schema";
import { eventually, plainEquipment, type ScratchDatabase, testStores } from "@wsafe/test-support";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import type { RunningServer } from "../src/server/ServerOptions.js";
import { startServer } from "../src/server/startServer.js";
import { storeOf } from "../src/testing.js";
import { insecureAgent } from "./support/callApi.js";
import { captureLog } from "./support/captureLog.js";

const token = "wire-token-read-0000000000";

/** One account, `count` equipment of one type, each appearing (an event) when imported. */
function wireDataset(count: number, tag: string): DatasetInput {
  return {
    accounts: [{ id: "acc_wire", name: "Wire" }],
    tokens: [{ token, account_id: "acc_wire" }],
    equipmentTypes: [{ id: "et_wire", account_id: "acc_wire", name: "Ladder", metafields: [] }],
    equipments: Array.from({ length: count }, (_, n) =>
      plainEquipment(`eq_wire_${tag}_${n}`, "et_wire", 1, { metavalues: {} }),
    ),
  };
}

/** What a stream answered: its status, its headers but the per-request ones, its bytes. */
interface WireAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Frames whose `id:` line is an event's: how many events a text holds. */
const eventFrames = (text: string) => text.split("\n").filter((line) => line.startsWith("id: ")).length;

/**
 * Opens `events.stream` with `input` as a plain GET (the hand-written wire) or as a POST
 * (tRPC's own), and reads until `done` says the text is whole, or the stream ends.
 */
async function readStream(
  baseUrl: string,
  method: "GET" | "POST",
  input: object,
  done: (text: string) => boolean,
  headers: Record<string, string> = {},
): Promise<WireAnswer> {
  const query = method === "GET" ? `?input=${encodeURIComponent(JSON.stringify(input))}` : "";
  const answer = await request(`${baseUrl}/trpc/events.stream${query}`, {
    method,
    dispatcher: insecureAgent,
    headers: method === "POST" ? { ...headers, "content-type": "application/json" } : headers,
    body: method === "POST" ? JSON.stringify(input) : undefined,
  });
  let text = "";
  const deadline = setTimeout(() => answer.body.destroy(new Error(`no whole answer: ${text}`)), 20_000);
  try {
    for await (const chunk of answer.body) {
      text += String(chunk);
      if (done(text)) break;
    }
  } finally {
    clearTimeout(deadline);
    answer.body.destroy();
  }
  const { "svc-request-id": _id, "svc-response-time": _time, date: _date, ...kept } = answer.headers;
  return { status: answer.statusCode, headers: kept, text };
}

const [pglite] = testStores;

describe(`events.stream's hand-written wire against tRPC's on ${pglite!.name}`, () => {
  let db: ScratchDatabase;
  let server: RunningServer;
  let importedFrom = 0;
  const log = captureLog();

  beforeAll(async () => {
    db = await pglite!.create();
    server = await startServer({ port: 0, database: db.database, logger: log.logger });
    importedFrom = Date.now() - 1_000;
    await importDataset(storeOf(server), wireDataset(30, "first"));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });

  it("replays the same frames with the same headers, and resumes after a Last-Event-ID alike", async () => {
    const input = { token, from: importedFrom };
    const whole = (text: string) => eventFrames(text) >= 30;
    const plain = await readStream(server.url, "GET", input, whole);
    const viaTrpc = await readStream(server.url, "POST", input, whole);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-type"]).toBe("text/event-stream");
    expect(plain.text.startsWith("event: connected\ndata: {")).toBe(true);
    expect(eventFrames(plain.text)).toBe(30);
    expect(plain).toEqual(viaTrpc);

    const tenth = /id: (\S+)/g;
    const ids = [...plain.text.matchAll(tenth)].map((match) => match[1]!);
    const resumed = { "last-event-id": ids[9]! };
    const rest = (text: string) => eventFrames(text) >= 20;
    const plainResumed = await readStream(server.url, "GET", input, rest, resumed);
    const trpcResumed = await readStream(server.url, "POST", input, rest, resumed);
    expect([...plainResumed.text.matchAll(tenth)].map((match) => match[1])).toEqual(ids.slice(10));
    expect(plainResumed).toEqual(trpcResumed);
  });

  it("sends what an import records to both alike, live", async () => {
    const input = { token };
    const plain = readStream(server.url, "GET", input, (text) => eventFrames(text) >= 12);
    const viaTrpc = readStream(server.url, "POST", input, (text) => eventFrames(text) >= 12);
    // Open once the server says so: each goes on after the last event recorded then.
    const opened = log.lines.filter((line) => line.msg === "stream opened").length;
    await eventually(
      () => log.lines.filter((line) => line.msg === "stream opened").length === opened + 2,
      "both streams open",
    );
    await importDataset(storeOf(server), wireDataset(12, "live"));
    const [plainAnswer, trpcAnswer] = await Promise.all([plain, viaTrpc]);
    expect(eventFrames(plainAnswer.text)).toBe(12);
    expect(plainAnswer).toEqual(trpcAnswer);
  });

  it("refuses a bad token with the same error frame, and ends", async () => {
    const input = { token: "wire-token-nobody-000000000" };
    const plain = await readStream(server.url, "GET", input, () => false);
    const viaTrpc = await readStream(server.url, "POST", input, () => false);
    expect(plain.text).toContain("event: serialized-error\ndata: ");
    expect(plain.text).toContain('"error":"token_invalid"');
    expect(plain).toEqual(viaTrpc);
  });
});
