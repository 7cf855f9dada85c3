import { seedDatabase } from "@wsafe/test-support";
import { importDataset } from "../../src/import/importDataset.js";
import type { RunningServer } from "../../src/server/ServerOptions.js";
import { startServer } from "../../src/server/startServer.js";
import { openStore } from "../../src/store/openStore.js";
import { storeOf } from "../../src/testing.js";
import { type ApiAnswer, callApi, callMethod } from "./callApi.js";
import { type CapturedLog, captureLog } from "./captureLog.js";
import {
  inspectedEquipment,
  inspectionDataset,
  inspectionSchedules,
  inspectionTokens,
} from "./inspectionDataset.js";

/** A server whose store a test takes away while it serves, and what the test asks of it. */
export interface OutageScene {
  server: RunningServer;
  log: CapturedLog;
  /** `inspections.record` of a pass of account 0's equipment `n`, under `key`. */
  record(n: number, key: string): Promise<ApiAnswer>;
  /** The same through `/trpc` (a mutation, by POST). */
  recordThroughTrpc(n: number, key: string): Promise<ApiAnswer>;
  /** Reads that need the store: a user, a page of equipment, the resources. */
  reads(): Promise<ApiAnswer[]>;
  readiness(): Promise<ApiAnswer>;
  /** What a refused write must leave as it was: inspections, events, kept keys. */
  written(): Promise<{ inspections: string; events: string; keys: string }>;
  /** The log lines whose message starts with `words`. */
  linesSaying(words: string): Record<string, unknown>[];
  stop(): Promise<void>;
}

/**
 * Seeds `database` with two accounts of the inspection suites' dataset and starts a
 * server on it (in this process, its log captured, no webhook deliveries).
 *
 * @param database - an embedded store's directory or a PostgreSQL URL
 */
export async function startOutageScene(database: string): Promise<OutageScene> {
  await seedDatabase({ openStore, importDataset }, database, inspectionDataset(2, 10, Date.now()));
  const log = captureLog();
  const server = await startServer({
    port: 0,
    http: true,
    database,
    logger: log.logger,
    webhooks: { deliver: false },
  });
  const tokens = inspectionTokens(0);
  const inspection = (n: number, key: string) => ({
    token: tokens.write,
    equipment_id: inspectedEquipment(0, n),
    schedule_id: inspectionSchedules.monthly,
    result: "passed",
    inspector_id: "u_insp_0",
    idempotency_key: key,
  });
  const count = async (table: string) =>
    (await storeOf(server).sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`))[0]?.n ?? "";
  return {
    server,
    log,
    record: (n, key) => callMethod(server.url, "POST", "inspections.record", inspection(n, key)),
    recordThroughTrpc: (n, key) =>
      callApi(server.url, "/trpc/inspections.record", {
        method: "POST",
        body: JSON.stringify(inspection(n, key)),
        headers: { "content-type": "application/json" },
      }),
    reads: () =>
      Promise.all([
        callMethod(server.url, "POST", "users.info", { token: tokens.read, user: "u_insp_0" }),
        callMethod(server.url, "POST", "equipments.list", {
          token: tokens.read,
          equipmentType_id: "et_insp_0",
          limit: 3,
          columns: ["id", "status"],
        }),
        callMethod(server.url, "GET", "resources.list", { token: tokens.read }),
      ]),
    readiness: () => callApi(server.url, "/readyz", { method: "GET" }),
    written: async () => ({
      inspections: await count("inspections"),
      events: await count("events"),
      keys: await count("inspection_requests"),
    }),
    linesSaying: (words) => log.lines.filter((line) => String(line.msg).startsWith(words)),
    stop: () => server.close(),
  };
}
