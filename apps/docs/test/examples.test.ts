// Every example the docs show with an answer is sent to a real server holding the demo
// data, and the answer must be the one shown: the registry's examples (each method page
// shows every one with its response) and the Pagination page's audit recipe, read from
// the built page as a reader copies it. The demo dates its data around the moment it
// imports it, so the server here holds it dated at `exampleInstant`; a request without
// `as_of` is sent with `as_of: exampleInstant`, which is what "now" means to the server
// (it has no clock to set). Its import counts as a day before that instant
// (`@wsafe/server/testing`), so that the events of the days after it are the examples',
// expected as long as those days lie ahead and recorded once they passed: an event's
// `expected` and `sequence` say when the docs were checked, so they are not compared,
// and the server keeps events for good. Cursors are compared only as empty or not: they
// are signed per server.

import { methods } from "@wsafe/schema";
import type * as wsafeServer from "@wsafe/server";
import {
  createPgliteDatabase,
  type InProcessServer,
  loadServer,
  startTestServer,
  type TestServer,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleInstant } from "../src/generate/exampleInstant.js";
import { copiedCode, mainHtml, pageHtml } from "./builtSite.js";

const { server } = await loadServer("@wsafe/docs: the examples against the demo data");
const day = 86_400_000;

/**
 * The body with every non-empty `next_cursor` replaced by one placeholder, and each
 * event without what depends on when it is asked (`expected`, `sequence`).
 */
function comparable(body: unknown): unknown {
  const {
    response_metadata: meta,
    events,
    ...rest
  } = body as {
    response_metadata?: { next_cursor: string };
    events?: Record<string, unknown>[];
  };
  return {
    ...rest,
    ...(events ? { events: events.map(({ expected: _e, sequence: _s, ...event }) => event) } : {}),
    ...(meta ? { response_metadata: { next_cursor: meta.next_cursor && "(a cursor)" } } : {}),
  };
}

const cases = Object.values(methods).flatMap((method) =>
  method.examples.map((example) => ({ name: method.name, title: example.title, method, example })),
);

describe.skipIf(!server)("the examples the docs show with an answer, against the demo data", () => {
  let t: TestServer<InProcessServer>;

  beforeAll(async () => {
    const { createDemoDataset, openStore } = server as unknown as typeof wsafeServer;
    const { importDatasetAt } = await import("@wsafe/server/testing");
    t = await startTestServer({
      createDatabase: () => createPgliteDatabase("docs-examples"),
      async seed(database) {
        const store = await openStore(database);
        await importDatasetAt(store, createDemoDataset({ now: exampleInstant }), exampleInstant - day);
        await store.close();
      },
      start: (database) =>
        server!.startServer({ port: 0, database, http: true, eventsRetentionMs: Number.MAX_SAFE_INTEGER }),
      stop: (running) => running.close(),
    });
  }, 180_000);
  afterAll(() => t?.stop());

  async function post(method: string, request: object): Promise<unknown> {
    const response = await fetch(`${t.url}/v1/${method}`, { method: "POST", body: JSON.stringify(request) });
    return response.json();
  }

  it.each(cases)("$name: $title", async ({ method, example }) => {
    const request: Record<string, unknown> = { ...(example.request as object) };
    const instant = method.pagination?.instant;
    if (example.response.ok && instant && !(instant in request)) request[instant] = exampleInstant;
    expect(comparable(await post(method.name, request))).toEqual(comparable(example.response));
  });

  it("the Pagination page's audit: its curl line answers the first page it shows", async () => {
    const html = mainHtml(pageHtml("/pagination/"));
    const data = /-d '([^']+)'/.exec(copiedCode(html, "curl, POST"))![1]!;
    const shown = JSON.parse(copiedCode(html, "The first page"));
    const answer = await post("equipments.list", JSON.parse(data));
    expect(comparable(answer)).toEqual(comparable(shown));
    expect((answer as { equipments: unknown[] }).equipments.length).toBeGreaterThan(0);
  });
});
