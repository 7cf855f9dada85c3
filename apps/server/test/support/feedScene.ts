import type { Equipment, MethodName } from "@wsafe/schema";
import type { ScratchDatabase } from "@wsafe/test-support";
import { importCheckedDataset } from "../../src/import/importDataset.js";
import type { PipelineServices } from "../../src/pipeline/RequestState.js";
import { RateLimiter } from "../../src/rateLimit/RateLimiter.js";
import { createPipelineServices } from "../../src/services/createPipelineServices.js";
import { checkDatasetShape } from "../../src/store/dataset/checkDatasetShape.js";
import { openStore } from "../../src/store/openStore.js";
import { equipmentQuery } from "../../src/store/queries/equipmentQuery.js";
import type { Store } from "../../src/store/Store.js";
import { callInProcess } from "./callInProcess.js";
import { FEED_T0, feedDataset, feedTokens } from "./feedDataset.js";

// biome-ignore lint/suspicious/noExplicitAny: the tests look into bodies of every shape
type Body = any;

/** A store holding {@link feedDataset}, the services over it, and what the feed suites ask of them. */
export interface FeedScene {
  store: Store;
  services: PipelineServices;
  /** A method called through the whole pipeline at `now`. */
  call(method: MethodName, data: object, now: number, services?: PipelineServices): Promise<Body>;
  /** `equipments.changes` by account `account`'s read token at `now`. */
  feed(account: number, now: number, more?: { cursor?: string; limit?: number }): Promise<Body>;
  /** Every equipment of the account as `equipments.list` answers it at `now`: each type, `service_type: "all"`. */
  register(account: number, now: number): Promise<Equipment[]>;
  /**
   * Retires an equipment as migration 0015 tells (its row moved to `retired_equipments`
   * with the record as answered at `at`), in one transaction: what `equipments.retire`
   * does, less its events.
   */
  retire(equipmentId: string, at: number): Promise<void>;
  /** The services over the same store with another `--events-retention`. */
  withRetention(retentionMs: number): Promise<PipelineServices>;
  close(): Promise<void>;
}

/**
 * Opens the store of `database`, imports {@link feedDataset} at a minute before
 * `FEED_T0`, and makes the pipeline's services over it, started nothing (no recorder:
 * time is recorded only by the requests, at the instants the suite serves them).
 *
 * @param database - a scratch database of the store under test
 * @param accounts - accounts of the dataset
 */
export async function openFeedScene(database: ScratchDatabase, accounts = 2): Promise<FeedScene> {
  const store = await openStore(database.database);
  await importCheckedDataset(store, checkDatasetShape(feedDataset(accounts)), {}, FEED_T0 - 60_000);
  const limiters: RateLimiter[] = [];
  const servicesWith = async (eventsRetentionMs?: number) => {
    const rateLimiter = await RateLimiter.create({ points: 1_000_000, durationSeconds: 60 });
    limiters.push(rateLimiter);
    return createPipelineServices(store, {
      rateLimiter,
      log: { info: () => {}, error: () => {} },
      ...(eventsRetentionMs === undefined ? {} : { eventsRetentionMs }),
    });
  };
  const services = await servicesWith();
  const call = (method: MethodName, data: object, now: number, over = services) =>
    callInProcess(over, method, data, now);
  return {
    store,
    services,
    call,
    feed: (account, now, more = {}) =>
      call("equipments.changes", { token: feedTokens(account).read, ...more }, now),
    async register(account, now) {
      const token = feedTokens(account).read;
      const types = await call("equipmentTypes.list", { token }, now);
      const lists = await Promise.all(
        (types.equipmentTypes as { id: string }[]).map((type) =>
          call("equipments.list", { token, equipmentType_id: type.id, service_type: "all" }, now),
        ),
      );
      return lists.flatMap((list) => list.equipments as Equipment[]);
    },
    async retire(equipmentId, at) {
      await store.sql.transaction(async (tx) => {
        const { text, params } = equipmentQuery(equipmentId, at);
        const [row] = await tx.query<{ json: string }>(text, params);
        if (!row) throw new Error(`no equipment ${equipmentId} to retire`);
        await tx.query(
          `INSERT INTO retired_equipments (id, account_id, external_id, retired_at, equipment)
           SELECT id, account_id, external_id, $2::bigint, $3::jsonb FROM equipments WHERE id = $1`,
          [equipmentId, at, row.json],
        );
        await tx.query("DELETE FROM equipments WHERE id = $1", [equipmentId]);
      });
    },
    withRetention: (retentionMs) => servicesWith(retentionMs),
    async close() {
      for (const limiter of limiters) await limiter.close();
      await store.close();
    },
  };
}
