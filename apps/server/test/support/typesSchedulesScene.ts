import type { DatasetInput } from "@wsafe/schema";
import { plainEquipment, type ScratchDatabase, seedDatabase } from "@wsafe/test-support";
import { importDataset } from "../../src/import/importDataset.js";
import type { RunningServer } from "../../src/server/ServerOptions.js";
import { startServer } from "../../src/server/startServer.js";
import { openStore } from "../../src/store/openStore.js";
import { storeOf } from "../../src/testing.js";
import { type ApiAnswer, callMethod } from "./callApi.js";

const day = 86_400_000;

/** The tokens of account `index` of {@link typesSchedulesDataset}: read only, and read with write. */
export const typesSchedulesTokens = (index: number) => ({
  read: `ts-token-read-${index}-000000000`,
  write: `ts-token-write-${index}-00000000`,
});

/** Ids of account `index`'s records in {@link typesSchedulesDataset}. */
export const typesSchedulesIds = (index: number) => ({
  /** Harnesses: `mf_len`, `mf_brand`, `mf_unused`; equipment 0 sets `mf_len` and `mf_brand`, the others `mf_len`. */
  harness: `et_ts_${index}`,
  /** Ladders: `mf_len`, set on none of its equipment. */
  ladder: `et_ts_${index}b`,
  /** Harness `n`: `sch_annual` up to date, `sch_monthly` expired; the last harness has no schedules. */
  equipment: (n: number) => `eq_ts_${index}_${n}`,
  /** The ladder, without schedules. */
  ladderEquipment: `eq_ts_${index}_ladder`,
});

/**
 * Accounts for the register's type and schedule suites: each with a read and a
 * read-and-write token, an inspector, a harness type and a ladder type, `count`
 * harnesses and one ladder, dates days away from `now` (no status changes with time while
 * a suite runs). Every id carries the account's index: account 1's records are what
 * account 0 must never reach.
 *
 * @param accounts - how many accounts (`acc_ts_<i>`)
 * @param count - harnesses per account
 * @param now - the instant the dates are arranged around (ms)
 */
export function typesSchedulesDataset(accounts: number, count: number, now: number): DatasetInput {
  const indexes = Array.from({ length: accounts }, (_, index) => index);
  return {
    accounts: indexes.map((i) => ({ id: `acc_ts_${i}`, name: `Register ${i}` })),
    tokens: indexes.flatMap((i) => [
      { token: typesSchedulesTokens(i).read, account_id: `acc_ts_${i}` },
      {
        token: typesSchedulesTokens(i).write,
        account_id: `acc_ts_${i}`,
        permissions: ["read" as const, "write" as const],
      },
    ]),
    users: indexes.map((i) => ({ id: `u_ts_${i}`, account_id: `acc_ts_${i}`, name: `Inspector ${i}` })),
    equipmentTypes: indexes.flatMap((i) => [
      {
        id: typesSchedulesIds(i).harness,
        account_id: `acc_ts_${i}`,
        name: "Harness",
        metafields: [
          { id: "mf_len", name: "Length (m)" },
          { id: "mf_brand", name: "Brand" },
          { id: "mf_unused", name: "Unused" },
        ],
      },
      {
        id: typesSchedulesIds(i).ladder,
        account_id: `acc_ts_${i}`,
        name: "Ladder",
        metafields: [{ id: "mf_len", name: "Height (m)" }],
      },
    ]),
    equipments: indexes.flatMap((i) => [
      ...Array.from({ length: count }, (_, n) =>
        plainEquipment(typesSchedulesIds(i).equipment(n), typesSchedulesIds(i).harness, n + 1, {
          metavalues: n === 0 ? { mf_len: 1.5, mf_brand: "Petzl" } : { mf_len: 2 },
          schedules:
            n === count - 1
              ? []
              : [
                  {
                    schedule_id: "sch_annual",
                    lastCompletedOn: now - 165 * day,
                    expiringOn: now + 140 * day,
                    expiresOn: now + 200 * day,
                    interval: "P1Y",
                    warning: "P2M",
                  },
                  {
                    schedule_id: "sch_monthly",
                    lastCompletedOn: now - 60 * day,
                    expiringOn: now - 35 * day,
                    expiresOn: now - 30 * day,
                    interval: "P1M",
                  },
                ],
        }),
      ),
      plainEquipment(typesSchedulesIds(i).ladderEquipment, typesSchedulesIds(i).ladder, 1),
    ]),
  };
}

/** A server holding {@link typesSchedulesDataset}, and what the suites ask of it. */
export interface TypesSchedulesServer {
  server: RunningServer;
  /** The instant the dataset's dates are arranged around. */
  now: number;
  /** Calls a method by POST (or GET). */
  call(method: string, data: object, httpMethod?: "POST" | "GET"): Promise<ApiAnswer>;
  /** Runs a query on the server's store. */
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /** An equipment of account 0 as `equipments.list` returns it now (every type, in and out of service). */
  // biome-ignore lint/suspicious/noExplicitAny: an equipment record
  listed(equipmentId: string): Promise<any>;
  /** Everything a refused write must leave as it was: types, equipment, schedules, events, inspections, keys. */
  written(): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * Seeds a fresh database with {@link typesSchedulesDataset} (two accounts, `count`
 * harnesses each) and starts a server on it that delivers no webhook.
 *
 * @param database - a scratch database of the store under test
 * @param count - harnesses per account
 */
export async function startTypesSchedulesServer(
  database: ScratchDatabase,
  count = 30,
): Promise<TypesSchedulesServer> {
  const now = Date.now();
  await seedDatabase({ openStore, importDataset }, database.database, typesSchedulesDataset(2, count, now));
  const server = await startServer({
    port: 0,
    database: database.database,
    logger: false,
    webhooks: { deliver: false },
  });
  const query = <Row>(text: string, params: unknown[] = []) => storeOf(server).sql.query<Row>(text, params);
  const call = (method: string, data: object, httpMethod: "POST" | "GET" = "POST") =>
    callMethod(server.url, httpMethod, method, data);
  const ids = typesSchedulesIds(0);
  return {
    server,
    now,
    call,
    query,
    async listed(equipmentId) {
      for (const type of [ids.harness, ids.ladder]) {
        const { body } = await call("equipments.list", {
          token: typesSchedulesTokens(0).read,
          equipmentType_id: type,
          service_type: "all",
        });
        const found = body.equipments.find((e: { id: string }) => e.id === equipmentId);
        if (found) return found;
      }
      return undefined;
    },
    async written() {
      return {
        types: await query("SELECT * FROM equipment_types ORDER BY id"),
        equipments: await query("SELECT * FROM equipments ORDER BY id"),
        schedules: await query("SELECT * FROM schedules ORDER BY equipment_id, schedule_id"),
        events: await query("SELECT id FROM events ORDER BY id"),
        inspections: await query("SELECT id FROM inspections ORDER BY id"),
        keys: await query("SELECT * FROM inspection_requests ORDER BY account_id, idempotency_key"),
      };
    },
    stop: () => server.close(),
  };
}
