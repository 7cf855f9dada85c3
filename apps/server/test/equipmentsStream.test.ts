import { type EquipmentField, equipmentFields } from "@wsafe/schema";
import {
  createStreamFixture,
  eventually,
  type ScratchDatabase,
  streamToken,
  streamTypes as streamTypesAround,
  testStores,
} from "@wsafe/test-support";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compactJson } from "../src/json/compactJson.js";
import { compactJsonElements } from "../src/json/compactJsonElements.js";
import type { RunningServer } from "../src/server/ServerOptions.js";
import { startServer } from "../src/server/startServer.js";
import { importDataset } from "../src/store/importDataset.js";
import type { ListEquipmentsInput } from "../src/store/listEquipmentsQuery.js";
import { openStore } from "../src/store/openStore.js";
import { equipmentsChunkSize, type Store } from "../src/store/Store.js";
import { callApi, callMethod } from "./support/callApi.js";
import { openPausedRequest } from "./support/openPausedRequest.js";

/** More than the PostgreSQL pool's 10 connections: a leak per read would hang the last ones. */
const moreThanThePool = 12;

async function readAll(store: Store, input: ListEquipmentsInput): Promise<string[][]> {
  const chunks: string[][] = [];
  // PostgreSQL streams raw bytes, the embedded store strings: compared as text.
  for await (const chunk of store.streamEquipmentsJson(input)) chunks.push(chunk.map(String));
  return chunks;
}

function listInput(
  equipmentTypeId: string,
  overrides: Partial<ListEquipmentsInput> = {},
): ListEquipmentsInput {
  return {
    equipmentTypeId,
    fields: equipmentFields,
    inService: null,
    nullMetafields: [],
    now: Date.now(),
    ...overrides,
  };
}

const streamTypes = streamTypesAround(equipmentsChunkSize);

describe.each(testStores)("streamed equipments.list on $name", ({ name, skip, create }) => {
  const onPostgres = name === "PostgreSQL";
  let db: ScratchDatabase;
  beforeAll(async () => {
    if (skip) return;
    db = await create();
    const store = await openStore(db.database);
    try {
      await importDataset(store, createStreamFixture(Date.now(), equipmentsChunkSize));
    } finally {
      await store.close();
    }
  });
  afterAll(async () => {
    await db?.drop();
  });

  /** The server's connections to the test database that sit inside a transaction. */
  /**
   * The server's backends that hold a list's read open: a transaction idle between two
   * statements, or a COPY that waits for the server to read on (PostgreSQL streams a
   * whole list as one binary COPY, blocked while the client does not read).
   */
  async function backendsInTransaction(): Promise<{ pid: number; query: string }[]> {
    const admin = new pg.Client({ connectionString: db.database });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        `SELECT pid, query FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND (state LIKE 'idle in transaction%' OR (state = 'active' AND query LIKE 'COPY (%'))`,
      );
      return rows;
    } finally {
      await admin.end();
    }
  }

  describe.skipIf(skip)("Store.streamEquipmentsJson", () => {
    let store: Store;
    beforeAll(async () => {
      store = await openStore(db.database);
    });
    afterAll(async () => {
      await store?.close();
    });

    it.each([
      ["no records", streamTypes.none, []],
      ["exactly one chunk", streamTypes.oneChunk, [equipmentsChunkSize]],
      ["one record more than a chunk", streamTypes.oneMore, [equipmentsChunkSize, 1]],
      ["several chunks", streamTypes.several, [equipmentsChunkSize, equipmentsChunkSize, 345]],
    ] as const)(
      "reads %s in chunks whose records are byte for byte the whole-list query's",
      async (_, type, sizes) => {
        const variants: Partial<ListEquipmentsInput>[] = [
          {},
          { inService: true },
          { inService: false },
          { fields: ["id", "status"] satisfies EquipmentField[] },
          { nullMetafields: ["mf_a", "mf_b", "mf_c"] },
        ];
        for (const variant of variants) {
          const input = listInput(type.id, variant);
          const chunks = await readAll(store, input);
          if (variant.inService === undefined) expect(chunks.map((chunk) => chunk.length)).toEqual(sizes);
          const whole = compactJson(await store.listEquipmentsJson(input)).toString("utf8");
          // Strings, not buffers: toEqual walks a buffer byte by byte, for megabytes.
          expect(`${compactJsonElements("[", chunks.flat()).toString("utf8")}]`).toBe(whole);
        }
      },
    );

    it("frees the cursor and its connection when the reading stops early", async () => {
      for (let round = 0; round < moreThanThePool; round++) {
        for await (const chunk of store.streamEquipmentsJson(listInput(streamTypes.several.id))) {
          expect(chunk).toHaveLength(equipmentsChunkSize);
          break;
        }
      }
      const cursors = await store.sql.query("SELECT name FROM pg_cursors WHERE name LIKE 'wsafe_cursor_%'");
      expect(cursors).toEqual([]);
      if (onPostgres) expect(await backendsInTransaction()).toEqual([]);
      expect((await readAll(store, listInput(streamTypes.oneMore.id))).flat()).toHaveLength(
        streamTypes.oneMore.count,
      );
    });

    it("lets other statements run while a read waits between two chunks", async () => {
      // PGlite has one connection: a transaction held across the wait would stall this lookup.
      const reading = store.streamEquipmentsJson(listInput(streamTypes.several.id));
      expect((await reading.next()).done).toBe(false);
      expect(await store.findUser("acc_stream", "u_stream")).toEqual({ id: "u_stream", name: "Stream User" });
      expect((await reading.next()).done).toBe(false);
      await reading.return();
    });

    it("frees everything when the statement fails", async () => {
      for (let round = 0; round < moreThanThePool; round++) {
        const failing = store.sql.readInBatches("SELECT no_such_column FROM equipments", [], {
          batchSize: 10,
        });
        await expect(failing.next()).rejects.toThrow(/no_such_column/);
      }
      // Neither inside a leftover transaction (PGlite would refuse a nested BEGIN with a
      // warning only, so ask directly) nor short of pool connections.
      expect(await store.sql.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
      if (onPostgres) expect(await backendsInTransaction()).toEqual([]);
      expect((await readAll(store, listInput(streamTypes.oneChunk.id))).flat()).toHaveLength(
        equipmentsChunkSize,
      );
    });
  });

  describe.skipIf(skip)("over HTTPS", () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({
        port: 0,
        database: db.database,
        rateLimit: { points: 100_000, durationSeconds: 60 },
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    const list = (equipmentTypeId: string, more: object = {}) =>
      callMethod(server.url, "POST", "equipments.list", {
        token: streamToken,
        equipmentType_id: equipmentTypeId,
        service_type: "all",
        ...more,
      });

    it("streams a list of several chunks with the common headers, equal to the whole (pretty) body", async () => {
      const streamed = await list(streamTypes.several.id);
      expect(streamed.status).toBe(200);
      expect(streamed.headers["transfer-encoding"]).toBe("chunked");
      expect(streamed.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(streamed.headers["svc-request-id"]).toMatch(/^[A-Za-z0-9]{20,}$/);
      expect(streamed.headers["svc-response-time"]).toMatch(/^\d+$/);
      expect(streamed.headers["access-control-allow-origin"]).toBe("*");
      expect(streamed.body.equipments).toHaveLength(streamTypes.several.count);
      const pretty = await list(streamTypes.several.id, { pretty: true });
      expect(pretty.text).toContain('\n  "equipments": [\n');
      expect(streamed.text).toBe(JSON.stringify(JSON.parse(pretty.text)));
    });

    it.each([
      ["no records", streamTypes.none, "whole"],
      ["exactly one chunk", streamTypes.oneChunk, "whole"],
      ["one record more than a chunk", streamTypes.oneMore, "streamed"],
    ] as const)("answers %s as compact JSON with every record, %s", async (_, type, shape) => {
      const answer = await list(type.id);
      expect(answer.body.ok).toBe(true);
      expect(answer.body.equipments).toHaveLength(type.count);
      expect(answer.text).toBe(JSON.stringify(answer.body));
      // Up to one chunk the server has read the whole list before answering, so it sends its length.
      if (shape === "whole")
        expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(answer.text)));
      else expect(answer.headers["transfer-encoding"]).toBe("chunked");
    });

    it("still answers content_not_found with the envelope before anything streams", async () => {
      const answer = await list("et_stream_missing");
      expect(answer.body).toEqual({
        ok: false,
        error: "content_not_found",
        description: "equipment type not found: et_stream_missing",
      });
      expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(answer.text)));
    });

    it("keeps serving other requests while a client reads a list slowly", async () => {
      const paused = await openPausedRequest(server.url, "/v1/equipments.list", {
        token: streamToken,
        equipmentType_id: streamTypes.large.id,
        service_type: "all",
      });
      try {
        if (onPostgres) {
          await eventually(
            async () =>
              (await backendsInTransaction()).some(
                (backend) => backend.query.startsWith("FETCH") || backend.query.startsWith("COPY"),
              ),
            "the server waits between two chunks",
          );
        }
        const started = performance.now();
        const other = await list(streamTypes.oneChunk.id);
        expect(other.body.equipments).toHaveLength(equipmentsChunkSize);
        expect(performance.now() - started).toBeLessThan(5_000);
        const rest = await paused.resume();
        expect(rest.outcome).toBe("complete");
        expect(JSON.parse(rest.text).equipments).toHaveLength(streamTypes.large.count);
      } finally {
        paused.destroy();
      }
    });

    it("stops reading and frees the store when the client goes away mid-list", async () => {
      for (let round = 0; round < (onPostgres ? moreThanThePool : 3); round++) {
        const paused = await openPausedRequest(server.url, "/v1/equipments.list", {
          token: streamToken,
          equipmentType_id: streamTypes.large.id,
          service_type: "all",
        });
        if (onPostgres) {
          await eventually(
            async () => (await backendsInTransaction()).length === 1,
            "the server holds the list's transaction",
          );
        }
        paused.destroy();
        if (onPostgres) {
          await eventually(async () => (await backendsInTransaction()).length === 0, "the transaction ends");
        }
      }
      const after = await list(streamTypes.oneMore.id);
      expect(after.body.equipments).toHaveLength(streamTypes.oneMore.count);
    });

    // PGlite's one backend lives in this process: nothing can kill it from outside.
    if (onPostgres)
      it("cuts the connection, never ending the JSON, when the database fails mid-list", async () => {
        const paused = await openPausedRequest(server.url, "/v1/equipments.list", {
          token: streamToken,
          equipmentType_id: streamTypes.large.id,
          service_type: "all",
        });
        let backends: { pid: number; query: string }[] = [];
        await eventually(async () => {
          backends = await backendsInTransaction();
          return backends.length === 1;
        }, "the server waits between two chunks");
        const admin = new pg.Client({ connectionString: db.database });
        await admin.connect();
        try {
          await admin.query("SELECT pg_terminate_backend($1)", [backends[0]!.pid]);
        } finally {
          await admin.end();
        }
        const rest = await paused.resume();
        expect(rest.outcome).toBe("broken");
        expect(rest.text.startsWith('{"ok":true,"equipments":[{')).toBe(true);
        expect(() => JSON.parse(rest.text)).toThrow();
        // The server and its pool carry on.
        const after = await list(streamTypes.oneMore.id);
        expect(after.body.equipments).toHaveLength(streamTypes.oneMore.count);
        const info = await callApi(server.url, "/v1/users.info", {
          data: { token: streamToken, user: "u_stream" },
        });
        expect(info.body).toEqual({ ok: true, user: { id: "u_stream", name: "Stream User" } });
      });
  });
});
