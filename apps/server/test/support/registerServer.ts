import { type ScratchDatabase, seedDatabase } from "@wsafe/test-support";
import { importDataset } from "../../src/import/importDataset.js";
import type { RunningServer } from "../../src/server/ServerOptions.js";
import { startServer } from "../../src/server/startServer.js";
import { openStore } from "../../src/store/openStore.js";
import { storeOf } from "../../src/testing.js";
import { type ApiAnswer, callMethod } from "./callApi.js";
import { registerDataset, registerIds, registerTokens } from "./registerDataset.js";

/** Equipment per account of the register suites' dataset. */
const equipmentCount = 30;

/** One event as the register suites look at it. */
export interface StoredEvent {
  type: string;
  cause: string;
  equipment_id: string | null;
  equipment_type_id: string;
  schedule_id: string | null;
  from_status: string | null;
  to_status: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: a record of any shape
  record: any;
  previous_attributes: Record<string, unknown> | null;
}

/** A server holding {@link registerDataset}, and what the register suites ask of it. */
export interface RegisterServer {
  server: RunningServer;
  /** The instant the dataset's dates are arranged around. */
  now: number;
  /** An equipment of account 0 that no test of the file has touched yet. */
  freshEquipment(): string;
  /** A call by account 0's write token (or `token` in `data`), over POST unless told. */
  call(method: string, data: object, httpMethod?: "GET" | "POST"): Promise<ApiAnswer>;
  /** An equipment of account 0 as `equipments.list` shows it now (every type, in and out of service), if listed. */
  // biome-ignore lint/suspicious/noExplicitAny: an equipment record
  listed(id: string): Promise<any>;
  /** The events the API's writes recorded of an equipment (cause `api`: not its import's), in sequence order. */
  eventsOf(equipmentId: string): Promise<StoredEvent[]>;
  /** Everything a refused write must leave as it was: the register, retirements, events, keys. */
  written(): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * Seeds a fresh database with {@link registerDataset} (two accounts) and starts a server on
 * it that delivers no webhook.
 *
 * @param database - a scratch database of the store under test
 */
export async function startRegisterServer(database: ScratchDatabase): Promise<RegisterServer> {
  const now = Date.now();
  await seedDatabase(
    { openStore, importDataset },
    database.database,
    registerDataset(2, equipmentCount, now),
  );
  const server = await startServer({
    port: 0,
    database: database.database,
    logger: false,
    webhooks: { deliver: false },
  });
  const sql = storeOf(server).sql;
  const own = registerTokens(0);
  const ids = registerIds(0);
  let next = 0;
  const rows = (text: string) => sql.query(text);
  return {
    server,
    now,
    freshEquipment() {
      if (next === equipmentCount) throw new Error("the register dataset has no fresh equipment left");
      return ids.equipment(next++);
    },
    call: (method, data, httpMethod = "POST") =>
      callMethod(server.url, httpMethod, method, { token: own.write, ...data }),
    async listed(id) {
      for (const type of [ids.harness, ids.ladder, ids.plain]) {
        const { body } = await callMethod(server.url, "POST", "equipments.list", {
          token: own.read,
          equipmentType_id: type,
          service_type: "all",
        });
        const found = body.equipments.find((e: { id: string }) => e.id === id);
        if (found) return found;
      }
      return undefined;
    },
    eventsOf: (equipmentId) =>
      sql.query<StoredEvent>(
        `SELECT type, cause, equipment_id, equipment_type_id, schedule_id, from_status, to_status, record,
                previous_attributes
           FROM events WHERE equipment_id = $1 AND cause = 'api' ORDER BY sequence`,
        [equipmentId],
      ),
    async written() {
      return {
        equipments: await rows("SELECT * FROM equipments ORDER BY id"),
        schedules: await rows("SELECT * FROM schedules ORDER BY equipment_id, schedule_id"),
        retired: await rows("SELECT * FROM retired_equipments ORDER BY id"),
        events: await rows("SELECT id FROM events ORDER BY id"),
        keys: await rows(
          "SELECT account_id, idempotency_key FROM inspection_requests ORDER BY account_id, idempotency_key",
        ),
      };
    },
    stop: () => server.close(),
  };
}
