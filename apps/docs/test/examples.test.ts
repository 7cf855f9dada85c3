// Every example the docs show with an answer is sent to a real server holding the demo
// data, and the answer must be the one shown: the registry's examples (each method page
// shows every one with its response) and the Pagination page's audit recipe, read from
// the built page as a reader copies it. The demo dates its data around the moment it
// imports it, so the server here holds it dated at `exampleInstant` (./exampleServer.ts);
// a request without `as_of` is sent with `as_of: exampleInstant`, which is what "now"
// means to the server (it has no clock to set). An event's `expected` and `sequence` say
// when the docs were checked, so they are not compared; cursors are compared only as
// empty or not: they are signed per server.

import { methods } from "@wsafe/schema";
import { type InProcessServer, loadServer, type TestServer } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleInstant } from "../src/generate/exampleInstant.js";
import { copiedCode, mainHtml, pageHtml } from "./builtSite.js";
import { comparable, startExampleServer } from "./exampleServer.js";

const { server } = await loadServer("@wsafe/docs: the examples against the demo data");

// An illustration of data the demo does not hold (`illustrative`) is checked against the
// schema only (packages/schema's registry tests).
const cases = Object.values(methods).flatMap((method) =>
  method.examples
    .filter((example) => !example.illustrative)
    .map((example) => ({ name: method.name, title: example.title, method, example })),
);

describe.skipIf(!server)("the examples the docs show with an answer, against the demo data", () => {
  let t: TestServer<InProcessServer>;

  beforeAll(async () => {
    t = await startExampleServer(server!, "docs-examples");
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
