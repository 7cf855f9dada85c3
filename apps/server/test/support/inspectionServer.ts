import { type ScratchDatabase, seedDatabase } from "@wsafe/test-support";
import { importDataset } from "../../src/import/importDataset.js";
import type { RunningServer } from "../../src/server/ServerOptions.js";
import { startServer } from "../../src/server/startServer.js";
import { openStore } from "../../src/store/openStore.js";
import { storeOf } from "../../src/testing.js";
import { type ApiAnswer, callMethod } from "./callApi.js";
import {
  inspectedEquipment,
  inspectionDataset,
  inspectionSchedules,
  inspectionTokens,
} from "./inspectionDataset.js";

/** Equipment per account of the inspection suites' dataset. */
const equipmentCount = 40;

/** A server holding {@link inspectionDataset}, and what the inspection suites ask of it. */
export interface InspectionServer {
  server: RunningServer;
  /** The instant the dataset's dates are arranged around. */
  now: number;
  /** An equipment of account 0 that no test of the file has touched yet. */
  freshEquipment(): string;
  /** A POST's body. */
  // biome-ignore lint/suspicious/noExplicitAny: the tests look into bodies of every shape
  post(method: string, data: object): Promise<any>;
  /** `inspections.record` by account 0's write token: a pass of `sch_monthly` by `u_insp_0`, unless `more` says otherwise. */
  record(equipment: string, more?: object): Promise<ApiAnswer>;
  /** A schedule of account 0's equipment as `equipments.list` shows it now. */
  // biome-ignore lint/suspicious/noExplicitAny: a schedule record
  scheduleOf(equipment: string, schedule: string): Promise<any>;
  /** Everything a refused request must leave as it was: inspections, events, keys, schedules. */
  written(): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * Seeds a fresh database with {@link inspectionDataset} (two accounts) and starts a
 * server on it that delivers no webhook.
 *
 * @param database - a scratch database of the store under test
 */
export async function startInspectionServer(database: ScratchDatabase): Promise<InspectionServer> {
  const now = Date.now();
  await seedDatabase(
    { openStore, importDataset },
    database.database,
    inspectionDataset(2, equipmentCount, now),
  );
  const server = await startServer({
    port: 0,
    database: database.database,
    logger: false,
    webhooks: { deliver: false },
  });
  const own = inspectionTokens(0);
  let next = 0;
  const post = async (method: string, data: object) =>
    (await callMethod(server.url, "POST", method, data)).body;
  const count = async (table: string) =>
    (await storeOf(server).sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`))[0]!.n;
  return {
    server,
    now,
    freshEquipment() {
      if (next === equipmentCount) throw new Error("the inspection dataset has no fresh equipment left");
      return inspectedEquipment(0, next++);
    },
    post,
    record: (equipment, more = {}) =>
      callMethod(server.url, "POST", "inspections.record", {
        token: own.write,
        equipment_id: equipment,
        schedule_id: inspectionSchedules.monthly,
        result: "passed",
        inspector_id: "u_insp_0",
        ...more,
      }),
    async scheduleOf(equipment, schedule) {
      const { equipments } = await post("equipments.list", {
        token: own.read,
        equipmentType_id: "et_insp_0",
        service_type: "all",
      });
      const found = equipments.find((e: { id: string }) => e.id === equipment);
      return found.schedules.find((s: { schedule_id: string }) => s.schedule_id === schedule);
    },
    async written() {
      return {
        inspections: await count("inspections"),
        events: await count("events"),
        keys: await count("inspection_requests"),
        schedules: await storeOf(server).sql.query(
          "SELECT * FROM schedules ORDER BY equipment_id, schedule_id",
        ),
      };
    },
    stop: () => server.close(),
  };
}
