import { randomBytes } from "node:crypto";
import { type EventType, type Webhook, type WebhookState, webhookDelivery } from "@wsafe/schema";
import { typesWanted } from "../events/typesWanted.js";
import { databaseNowMs } from "../store/database/databaseClock.js";
import { notificationChannels } from "../store/database/notificationChannels.js";
import type { Sql } from "../store/database/Sql.js";
import { isStorableText } from "../store/isStorableText.js";
import type { PageRows } from "../store/Store.js";
import { WebhookSecret } from "./WebhookSecret.js";

/** A webhook row as the statements here select it. */
interface WebhookRow {
  id: string;
  url: string;
  types: EventType[];
  equipment_type_id: string | null;
  state: WebhookState;
  state_reason: string | null;
  created: string;
  previous_secret_expires_at: string | null;
}

const webhookColumns =
  "id, url, types, equipment_type_id, state, state_reason, created::text, previous_secret_expires_at::text";

/** A webhook row as the record of `@wsafe/schema`, fields in its order. */
function webhookRecord(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    // Made without `types`: the status types, every type it could name then (the outbox's rule, migration 0015).
    types: [...typesWanted(row.types)],
    equipmentType_id: row.equipment_type_id,
    state: row.state,
    state_reason: row.state_reason,
    created: Number(row.created),
    previous_secret_expires_at:
      row.previous_secret_expires_at === null ? null : Number(row.previous_secret_expires_at),
  };
}

/** An id of `prefix` and 16 random hex digits. */
export const randomId = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

/** What `webhooks.create` asks for, checked. */
export interface NewWebhook {
  url: string;
  types: readonly EventType[];
  equipmentTypeId: string | null;
}

/**
 * The webhook endpoints of every account, as the `webhooks.*` methods read and change
 * them. Every statement names the account, so one account never reaches another's.
 */
export class WebhookStore {
  /** @param sql - the store's database */
  constructor(readonly sql: Sql) {}

  /**
   * Makes an endpoint with a new secret, unless the account holds its cap already: the
   * account's row is locked while it counts, so two makers at once cannot both pass.
   * Within a transaction (a write's), it runs in it.
   *
   * @returns the endpoint and its secret, or `undefined` at the cap
   */
  create(
    accountId: string,
    webhook: NewWebhook,
    now: number,
  ): Promise<{ webhook: Webhook; secret: WebhookSecret } | undefined> {
    return this.sql.transaction(async (sql) => {
      // NO KEY UPDATE, not UPDATE: the write's idempotency key, claimed first in the same
      // transaction, holds the account's row KEY SHARE (its foreign key), as a concurrent
      // maker's key does; UPDATE would wait on that one while it waits on ours.
      await sql.query("SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE", [accountId]);
      const [held] = await sql.query<{ count: string }>(
        "SELECT count(*)::text AS count FROM webhooks WHERE account_id = $1",
        [accountId],
      );
      if (Number(held!.count) >= webhookDelivery.endpointsPerAccount) return undefined;
      const secret = WebhookSecret.generate();
      const [row] = await sql.query<WebhookRow>(
        `INSERT INTO webhooks (id, account_id, url, types, equipment_type_id, secret, created)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING ${webhookColumns}`,
        [
          randomId("wh"),
          accountId,
          webhook.url,
          webhook.types,
          webhook.equipmentTypeId,
          secret.reveal(),
          now,
        ],
      );
      return { webhook: webhookRecord(row!), secret };
    });
  }

  /** The account's endpoints, oldest first. */
  async list(accountId: string): Promise<Webhook[]> {
    const rows = await this.sql.query<WebhookRow>(
      `SELECT ${webhookColumns} FROM webhooks WHERE account_id = $1 ORDER BY created, id`,
      [accountId],
    );
    return rows.map(webhookRecord);
  }

  /** Whether the account has the endpoint. */
  async has(accountId: string, id: string): Promise<boolean> {
    if (!isStorableText(id)) return false;
    const rows = await this.sql.query("SELECT 1 FROM webhooks WHERE id = $1 AND account_id = $2", [
      id,
      accountId,
    ]);
    return rows.length > 0;
  }

  /** Deletes the account's endpoint, with its deliveries and attempts; `false` when it has none such. */
  async delete(accountId: string, id: string): Promise<boolean> {
    if (!isStorableText(id)) return false;
    const rows = await this.sql.query("DELETE FROM webhooks WHERE id = $1 AND account_id = $2 RETURNING 1", [
      id,
      accountId,
    ]);
    return rows.length > 0;
  }

  /**
   * Gives the account's endpoint a new secret; the current one signs beside it for the
   * rotation overlap (a rotation within it drops the oldest).
   *
   * @returns the new secret and until when the old one signs, or `undefined` when the account has no such endpoint
   */
  async rotateSecret(
    accountId: string,
    id: string,
    now: number,
  ): Promise<{ secret: WebhookSecret; previousExpiresAt: number } | undefined> {
    // An id with NUL names nothing: PostgreSQL text cannot hold it (see `isStorableText`).
    if (!isStorableText(id)) return undefined;
    const secret = WebhookSecret.generate();
    const previousExpiresAt = now + webhookDelivery.rotationOverlapMs;
    const rows = await this.sql.query(
      `UPDATE webhooks SET previous_secret = secret, previous_secret_expires_at = $3, secret = $4
        WHERE id = $1 AND account_id = $2 RETURNING 1`,
      [id, accountId, previousExpiresAt, secret.reveal()],
    );
    return rows.length > 0 ? { secret, previousExpiresAt } : undefined;
  }

  /**
   * Queues again the account's endpoint's deliveries that are over (delivered, given up or
   * dropped), those of `eventId` and of events recorded at `since` or later when given:
   * each due at once with its attempts counted from 1; and makes a disabled endpoint
   * active again. Pending deliveries are left as they are. Servers are told at once.
   *
   * @returns how many were queued and the endpoint as it is now; `undefined` when the
   * account has no such endpoint; `"no_delivery"` when it never had a delivery of `eventId`
   */
  redeliver(
    accountId: string,
    id: string,
    chosen: { eventId?: string; since?: number },
  ): Promise<{ queued: number; webhook: Webhook } | "no_delivery" | undefined> {
    if (!isStorableText(id)) return Promise.resolve(undefined);
    const eventId = chosen.eventId;
    return this.sql.transaction(async (sql) => {
      const [endpoint] = await sql.query(
        "SELECT 1 FROM webhooks WHERE id = $1 AND account_id = $2 FOR UPDATE",
        [id, accountId],
      );
      if (!endpoint) return undefined;
      if (eventId !== undefined) {
        const known = isStorableText(eventId)
          ? await sql.query("SELECT 1 FROM webhook_deliveries WHERE webhook_id = $1 AND event_id = $2", [
              id,
              eventId,
            ])
          : [];
        if (known.length === 0) return "no_delivery";
      }
      const [queued] = await sql.query<{ count: string }>(
        `WITH queued AS (
           UPDATE webhook_deliveries
              SET attempts = 0, next_attempt_at = ${databaseNowMs}, leased_until = NULL
            WHERE webhook_id = $1 AND next_attempt_at IS NULL
              AND ($2::text IS NULL OR event_id = $2) AND ($3::bigint IS NULL OR created >= $3)
           RETURNING 1
         )
         SELECT count(*)::text AS count, CASE WHEN count(*) > 0 THEN pg_notify('${notificationChannels.deliveries.name}', '') END
           FROM queued`,
        [id, eventId ?? null, chosen.since ?? null],
      );
      const [row] = await sql.query<WebhookRow>(
        `UPDATE webhooks SET state = CASE WHEN state = 'disabled' THEN 'active' ELSE state END,
                state_reason = CASE WHEN state = 'disabled' THEN NULL ELSE state_reason END,
                failing_since = CASE WHEN state = 'disabled' THEN NULL ELSE failing_since END
          WHERE id = $1
          RETURNING ${webhookColumns}`,
        [id],
      );
      return { queued: Number(queued!.count), webhook: webhookRecord(row!) };
    });
  }

  /**
   * One page of the attempts made to the account's endpoint, in the order they were made
   * (by `attempted_at`, then `id`), after the key `after`: JSON texts of delivery records.
   */
  async attemptsPage(
    accountId: string,
    webhookId: string,
    after: readonly [string, string] | undefined,
    rows: number,
  ): Promise<PageRows> {
    const found = await this.sql.query<{ json: string; attempted_at: string; id: string }>(
      `SELECT json_build_object('id', a.id, 'event_id', a.event_id, 'attempt', a.attempt,
                'attempted_at', a.attempted_at, 'status', a.status, 'error', a.error,
                'duration_ms', a.duration_ms, 'succeeded', a.succeeded,
                'next_attempt_at', a.next_attempt_at)::text AS json,
              a.attempted_at::text, a.id
         FROM webhook_attempts a JOIN webhooks w ON w.id = a.webhook_id
        WHERE a.webhook_id = $1 AND w.account_id = $2
          AND ($3::bigint IS NULL OR (a.attempted_at, a.id) > ($3::bigint, $4::text))
        ORDER BY a.attempted_at, a.id
        LIMIT $5`,
      [webhookId, accountId, after?.[0] ?? null, after?.[1] ?? null, rows],
    );
    return {
      records: found.map((row) => row.json),
      keys: found.map((row) => [row.attempted_at, row.id] as const),
    };
  }
}
