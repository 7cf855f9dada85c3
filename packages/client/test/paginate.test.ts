/**
 * `client.paginate` against the real server: 50 000 equipment of one type walked in
 * pages of 1 000 come out exactly as the whole list, in order, once each.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../src/createClient.js";
import type { FetchLike } from "../src/FetchLike.js";
import { importServer, type RunningServer } from "./support/realServer.js";

const { server: serverModule, error: serverMissing } = await importServer();
if (!serverModule)
  console.warn(
    `\n!!! @wsafe/client: paginate tests SKIPPED: @wsafe/server is not built (${String(serverMissing)}).\n`,
  );

const count = 50_000;
const token = "paginate-test-token-000001";
const dispatcher = new Agent({ connect: { rejectUnauthorized: false } });
const insecureFetch: FetchLike = (url, init) => undiciFetch(url, { ...init, dispatcher });

/** One account, one type, `count` equipment with one schedule each; some share `created`, to test the tie-break on `id`. */
function bigDataset() {
  return {
    accounts: [{ id: "acc_big", name: "Big" }],
    tokens: [{ token, account_id: "acc_big" }],
    equipmentTypes: [{ id: "et_big", account_id: "acc_big", name: "Big type" }],
    equipments: Array.from({ length: count }, (_, i) => ({
      id: `eq_${String(count - i).padStart(6, "0")}`,
      serialNumber: `S${i}`,
      equipmentType_id: "et_big",
      created: 1_700_000_000_000 + Math.floor(i / 3),
      parent_id: "",
      fieldOffice_id: [],
      lineOfBusiness_id: "",
      assignedUsers_id: [],
      notes: "",
      isInService: true,
      schedules: [
        {
          schedule_id: "s",
          expiresOn: 2_000_000_000_000 + i,
          expiringOn: 1_900_000_000_000,
          lastCompletedOn: 1,
        },
      ],
    })),
  };
}

describe.skipIf(!serverModule)("client.paginate against the real server", () => {
  let directory: string;
  let server: RunningServer;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "wsafe-client-paginate-"));
    const database = join(directory, "data");
    const module = serverModule as unknown as {
      openStore(database: string): Promise<{ close(): Promise<void> }>;
      importDataset(store: unknown, dataset: unknown): Promise<unknown>;
    };
    const store = await module.openStore(database);
    try {
      await module.importDataset(store, bigDataset());
    } finally {
      await store.close();
    }
    server = await serverModule!.startServer({ port: 0, database, demo: false });
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it("walks 50 000 equipment in pages of 1 000 and gets exactly the whole list", async () => {
    const client = createClient({ baseUrl: server.url, token, fetch: insecureFetch });
    const params = { equipmentType_id: "et_big", columns: ["id", "created"] } as const;
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
    const client = createClient({ baseUrl: server.url, token, fetch: insecureFetch });
    const sizes: number[] = [];
    let last: string | undefined;
    for await (const page of client.paginate("equipments.list", {
      equipmentType_id: "et_big",
      columns: ["id"],
    })) {
      sizes.push(page.equipments.length);
      last = page.response_metadata?.next_cursor;
    }
    expect(sizes).toEqual(Array(50).fill(1000));
    expect(last).toBe("");
  }, 240_000);
});
