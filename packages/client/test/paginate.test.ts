/**
 * `client.paginate` against the real server: 50 000 equipment of one type walked in
 * pages of 1 000 come out exactly as the whole list, in order, once each.
 */
import {
  createLongListDataset,
  createPgliteDatabase,
  type InProcessServer,
  loadServer,
  longListToken,
  longListType,
  seedDatabase,
  startTestServer,
  type TestServer,
} from "@wsafe/test-support";
import { Agent, fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../src/createClient.js";
import type { FetchLike } from "../src/FetchLike.js";

// The server is built by its own package; until its dist exists these tests skip, loudly.
const { server: serverModule } = await loadServer("@wsafe/client: paginate tests");

const count = 50_000;
const token = longListToken;
const dispatcher = new Agent({ connect: { rejectUnauthorized: false } });
const insecureFetch: FetchLike = (url, init) => undiciFetch(url, { ...init, dispatcher });

describe.skipIf(!serverModule)("client.paginate against the real server", () => {
  let t: TestServer<InProcessServer>;
  beforeAll(async () => {
    t = await startTestServer({
      createDatabase: () => createPgliteDatabase("client-paginate"),
      seed: (database) => seedDatabase(serverModule!, database, createLongListDataset(count)),
      start: (database) => serverModule!.startServer({ port: 0, database, demo: false }),
      stop: (server) => server.close(),
    });
  }, 240_000);
  afterAll(() => t?.stop());

  it("walks 50 000 equipment in pages of 1 000 and gets exactly the whole list", async () => {
    const client = createClient({ baseUrl: t.url, token, fetch: insecureFetch });
    const params = { equipmentType_id: longListType, columns: ["id", "created"] } as const;
    const walked = await client.paginate("equipments.list", params).all();
    const whole = (await client.equipments.list(params)).equipments;
    expect(walked).toHaveLength(count);
    expect(walked).toEqual(whole);
    expect(new Set(walked.map((e) => e.id)).size).toBe(count);
    const expectedOrder = [...walked].sort(
      (a, b) => a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    expect(walked).toEqual(expectedOrder);
  }, 240_000);

  it("pages with limit 1 000 into 50 pages, the last with an empty next_cursor", async () => {
    const client = createClient({ baseUrl: t.url, token, fetch: insecureFetch });
    const sizes: number[] = [];
    let last: string | undefined;
    for await (const page of client.paginate("equipments.list", {
      equipmentType_id: longListType,
      columns: ["id"],
    })) {
      sizes.push(page.equipments.length);
      last = page.response_metadata?.next_cursor;
    }
    expect(sizes).toEqual(Array(50).fill(1000));
    expect(last).toBe("");
  }, 240_000);
});
