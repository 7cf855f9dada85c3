// A streamed equipments.list over HTTPS: the same body as a whole answer, headers and
// errors before the first byte, other requests served meanwhile, and the store freed
// when the client goes away or the database fails mid-list.
import { eventually, streamToken, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../src/server/ServerOptions.js";
import { startServer } from "../src/server/startServer.js";
import { equipmentsChunkSize } from "../src/store/Store.js";
import { callApi, callMethod } from "./support/callApi.js";
import { openPausedRequest } from "./support/openPausedRequest.js";
import { moreThanThePool, streamTypes, useStreamDatabase } from "./support/streamDatabase.js";

describe.each(testStores)("streamed equipments.list on $name", (testStore) => {
  const { skip } = testStore;
  const db = useStreamDatabase(testStore);
  const { onPostgres, backendsInTransaction, endBackendsInTransaction } = db;

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
        // Found and ended in one statement: a COPY seen blocked, then ended from a new
        // connection, had once sent its last row in between, and the list completed.
        await eventually(
          async () => (await endBackendsInTransaction()).length === 1,
          "the server's backend ended while it waits between two chunks",
        );
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
