import { defaultEventTypes, type WebhookDelivery } from "@wsafe/schema";
import { type ScratchDatabase, seedDatabase } from "@wsafe/test-support";
import { importDataset } from "../../src/import/importDataset.js";
import type { Sql } from "../../src/store/database/Sql.js";
import { openStore } from "../../src/store/openStore.js";
import type { Store } from "../../src/store/Store.js";
import { DeliveryWorker } from "../../src/webhooks/DeliveryWorker.js";
import { defaultWebhookSettings, type WebhookSettings } from "../../src/webhooks/WebhookSettings.js";
import { WebhookStore } from "../../src/webhooks/WebhookStore.js";
import { newEquipment, webhookDataset } from "./webhookDataset.js";

/** One line the worker logged: its level, message and fields. */
export interface LoggedLine {
  level: "debug" | "info" | "warn" | "error";
  message: string;
  fields: Record<string, unknown>;
}

/**
 * Settings for the delivery suites: local http receivers allowed, a short schedule and
 * timeout. Everything else is what a server runs with.
 */
export const sceneSettings: WebhookSettings = {
  ...defaultWebhookSettings,
  allowHttp: true,
  allowPrivate: true,
  retryScheduleMs: [0, 100, 200, 300],
  timeoutMs: 800,
};

/**
 * A store with two accounts (`acc_wh_0`, `acc_wh_1`, see `webhookDataset`) and what the
 * delivery suites do to it: endpoints, events recorded by imports (each new equipment's
 * appearance: two events), workers in this process as every server runs them, and their
 * log and tallies.
 */
export class DeliveryScene {
  readonly logged: LoggedLine[] = [];
  readonly tallies: string[] = [];
  readonly endpoints: WebhookStore;
  readonly #workers: DeliveryWorker[] = [];
  #equipment = 0;

  private constructor(
    readonly db: ScratchDatabase,
    readonly store: Store,
  ) {
    this.endpoints = new WebhookStore(store.sql);
  }

  /** A fresh database of the given kind, seeded with the two accounts, and its store open. */
  static async open(create: () => Promise<ScratchDatabase>): Promise<DeliveryScene> {
    const db = await create();
    await seedDatabase({ openStore, importDataset }, db.database, webhookDataset(2));
    return new DeliveryScene(db, await openStore(db.database));
  }

  /**
   * Starts a worker on this store (on `sql` when given: a counting wrapper, say).
   *
   * @param settings - changes to {@link sceneSettings}
   */
  async startWorker(
    settings: Partial<WebhookSettings> = {},
    sql: Sql = this.store.sql,
  ): Promise<DeliveryWorker> {
    const line = (level: LoggedLine["level"]) => (fields: object, message: string) =>
      this.logged.push({ level, message, fields: fields as Record<string, unknown> });
    const worker = new DeliveryWorker(
      sql,
      { ...sceneSettings, ...settings },
      {
        debug: line("debug"),
        info: line("info"),
        warn: line("warn"),
        error: line("error"),
        attempted: (outcome) => this.tallies.push(outcome),
      },
    );
    await worker.start();
    this.#workers.push(worker);
    return worker;
  }

  /** Stops every worker started here. */
  async stopWorkers(): Promise<void> {
    for (const worker of this.#workers.splice(0)) await worker.stop();
  }

  /** Deletes every endpoint of both accounts (their deliveries and attempts go with them). */
  async deleteEndpoints(): Promise<void> {
    for (const account of ["acc_wh_0", "acc_wh_1"])
      for (const webhook of await this.endpoints.list(account))
        await this.endpoints.delete(account, webhook.id);
  }

  async close(): Promise<void> {
    await this.stopWorkers();
    await this.store.close();
    await this.db.drop();
  }

  /** An endpoint of account `account` (0 or 1) at `url`, for every event type. */
  async endpoint(url: string, account = 0) {
    return (await this.endpoints.create(
      `acc_wh_${account}`,
      { url, types: [], equipmentTypeId: null },
      Date.now(),
    ))!;
  }

  /**
   * Records events of account `account`: `equipment` new equipment in one import, two
   * status events each (what an endpoint made without types gets; their
   * `equipment.created` only reaches one that names it). Answers the ids of those events,
   * in `sequence` order.
   */
  async recordEvents(account = 0, equipment = 1): Promise<string[]> {
    const ids = Array.from({ length: equipment }, () => `eq_scene_${account}_${this.#equipment++}`);
    await importDataset(this.store, newEquipment(account, ...ids));
    const rows = await this.store.sql.query<{ id: string }>(
      "SELECT id FROM events WHERE equipment_id = ANY ($1) AND type = ANY ($2::text[]) ORDER BY sequence",
      [ids, defaultEventTypes],
    );
    return rows.map((row) => row.id);
  }

  /** The attempts made to an endpoint of `account`, in the order made. */
  async attemptsOf(webhookId: string, account = 0): Promise<WebhookDelivery[]> {
    const page = await this.endpoints.attemptsPage(`acc_wh_${account}`, webhookId, undefined, 1000);
    return page.records.map((json) => JSON.parse(String(json)) as WebhookDelivery);
  }

  /** An endpoint of `account` as `webhooks.list` shows it. */
  async stateOf(webhookId: string, account = 0) {
    return (await this.endpoints.list(`acc_wh_${account}`)).find((webhook) => webhook.id === webhookId)!;
  }

  /** The endpoint's deliveries as the queue holds them, by event. */
  async deliveriesOf(webhookId: string) {
    return this.store.sql.query<{
      event_id: string;
      attempts: number;
      next_attempt_at: string | null;
      leased_until: string | null;
    }>(
      "SELECT event_id, attempts, next_attempt_at::text, leased_until::text FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY sequence",
      [webhookId],
    );
  }
}
