import { timingSafeEqual } from "node:crypto";
import type { Permission } from "@wsafe/schema";
import { compactJson } from "../json/compactJson.js";
import { setAccountActive } from "./administration/setAccountActive.js";
import { revokeToken } from "./administration/tokenAdministration.js";
import { ReadCache, type ReadCacheLimits } from "./cache/ReadCache.js";
import type { MigrationOutcome } from "./database/migrate.js";
import { notificationChannels } from "./database/notificationChannels.js";
import type { Sql } from "./database/Sql.js";
import { tokenKey } from "./hashToken.js";
import { isStorableText } from "./isStorableText.js";
import { equipmentTypesJsonSql, equipmentTypesPageSql } from "./queries/equipmentTypesSql.js";
import {
  type EquipmentsPage,
  type ListEquipmentsInput,
  listEquipmentsPageQuery,
  listEquipmentsQuery,
} from "./queries/listEquipmentsQuery.js";
import { resourcesJsonSql, resourcesPageSql } from "./queries/resourcesSql.js";
import type { TokenRecord } from "./TokenRecord.js";

/** The notification channel that migration 0002's triggers announce changes on. */

/** An equipment type as `equipments.list` needs it. */
export interface EquipmentTypeRecord {
  id: string;
  metafieldIds: string[];
}

/** One page of a list: the records' JSON texts in order, and the key of each. */
export interface PageRows {
  records: string[];
  keys: (readonly [string, string])[];
}

/** Records per chunk of a streamed `equipments.list` (one cursor `FETCH`). */
export const equipmentsChunkSize = 1000;

/**
 * The data-access layer of the server: every statement the service runs lives here or
 * in the files it imports, over one {@link Sql} that is PGlite or PostgreSQL.
 */
export class Store {
  #cache: ReadCache | undefined;
  #stopListening: (() => Promise<void>) | undefined;
  #cursorSecret: Promise<Buffer> | undefined;

  /**
   * @param sql - the database, already migrated
   * @param migrations - what migrating it at open applied (for the log), and the newer migrations found
   */
  constructor(
    readonly sql: Sql,
    readonly migrations: MigrationOutcome = { applied: [], newer: [] },
  ) {}

  /**
   * Keeps token records and `resources.list` JSON in memory from now on (see
   * {@link ReadCache}), emptied by every committed change to their tables, by whatever
   * process makes it. A server calls it once; one-shot commands have no use for it.
   *
   * @param limits - bounds on what is kept
   * @returns the cache, to observe in tests
   */
  async startReadCache(limits?: Partial<ReadCacheLimits>): Promise<ReadCache> {
    if (this.#cache) return this.#cache;
    const cache = new ReadCache(limits);
    this.#stopListening = await this.sql.listen(
      notificationChannels.changes.name,
      () => cache.clear(),
      (listening) => cache.setListening(listening),
    );
    this.#cache = cache;
    return cache;
  }

  /**
   * Finds a token by its secret; `undefined` when no such token exists. A record the
   * read cache keeps comes back synchronously, so a warm request waits on no promise.
   */
  findToken(token: string): TokenRecord | Promise<TokenRecord | undefined> {
    const key = tokenKey(token);
    if (!this.#cache) return this.#loadToken(key);
    return this.#cache.keptToken(key) ?? this.#cache.token(key, () => this.#loadToken(key));
  }

  async #loadToken(key: string): Promise<TokenRecord | undefined> {
    const hash = Buffer.from(key, "hex");
    const rows = await this.sql.query<{
      token_hash: Uint8Array;
      account_id: string;
      active: boolean;
      account_active: boolean;
      permissions: Permission[];
    }>(
      `SELECT t.token_hash, t.account_id, t.active, a.active AS account_active, t.permissions
         FROM tokens t JOIN accounts a ON a.id = t.account_id
        WHERE t.token_hash = $1`,
      [hash],
    );
    const row = rows[0];
    // The index lookup already matched; comparing again in constant time keeps the
    // decision itself free of early exits whatever the driver returned.
    if (!row || !timingSafeEqual(Buffer.from(row.token_hash), hash)) return undefined;
    return {
      key,
      accountId: row.account_id,
      active: row.active,
      accountActive: row.account_active,
      permissions: row.permissions,
    };
  }

  /**
   * The compact JSON array text of every resource of the account, ordered for
   * `resources.list`. Kept for callers of the exported `Store`; the server itself sends
   * {@link listResourcesBytes}.
   */
  async listResourcesJson(accountId: string): Promise<string> {
    return String(await this.listResourcesBytes(accountId));
  }

  /**
   * {@link listResourcesJson} as the UTF-8 bytes it is sent as: the read cache keeps
   * these, so that an answer neither builds nor encodes the text.
   */
  listResourcesBytes(accountId: string): Promise<Buffer> {
    if (!this.#cache) return this.#loadResourcesJson(accountId);
    return this.#cache.resourcesJson(accountId, () => this.#loadResourcesJson(accountId));
  }

  /**
   * {@link listResourcesBytes} when the read cache keeps them, synchronously;
   * `undefined` otherwise (then ask {@link listResourcesBytes}). A warm `resources.list`
   * thus waits on no promise.
   */
  keptResourcesBytes(accountId: string): Buffer | undefined {
    return this.#cache?.keptResourcesJson(accountId);
  }

  async #loadResourcesJson(accountId: string): Promise<Buffer> {
    const rows = await this.sql.query<{ json: string }>(resourcesJsonSql, [accountId]);
    // Compacted and encoded once here rather than on every answer, since the JSON may be
    // kept and sent many times; a copy of exactly the compacted bytes, so that the cache's
    // size bound counts what it keeps.
    return Buffer.from(compactJson(rows[0]?.json ?? "[]"));
  }

  /** The equipment type of the account, or `undefined` when absent or another account's. */
  async findEquipmentType(accountId: string, id: string): Promise<EquipmentTypeRecord | undefined> {
    if (!isStorableText(id)) return undefined;
    const rows = await this.sql.query<{ id: string; metafield_ids: string }>(
      `SELECT id, (SELECT coalesce(json_agg(m->>'id'), '[]'::json) FROM jsonb_array_elements(metafields) m)::text AS metafield_ids
         FROM equipment_types WHERE id = $1 AND account_id = $2`,
      [id, accountId],
    );
    const row = rows[0];
    return row ? { id: row.id, metafieldIds: JSON.parse(row.metafield_ids) as string[] } : undefined;
  }

  /** The JSON array text of the selected equipment, see {@link listEquipmentsQuery}. */
  async listEquipmentsJson(input: ListEquipmentsInput): Promise<string> {
    const { text, params } = listEquipmentsQuery(input);
    const rows = await this.sql.query<{ json: string }>(text, params);
    return rows[0]?.json ?? "[]";
  }

  /**
   * The selected equipment's JSON texts, in list order, in chunks of up to
   * {@link equipmentsChunkSize} records read through a cursor: the records of
   * {@link listEquipmentsJson}, byte for byte, without the whole list in memory. Nothing
   * is read before the first `next()`; ending the loop early frees the cursor.
   */
  streamEquipmentsJson(input: ListEquipmentsInput): AsyncGenerator<(string | Buffer)[], void, undefined> {
    const { text, params } = listEquipmentsQuery(input, "rows");
    return this.sql.readColumnInBatches(text, params, {
      batchSize: equipmentsChunkSize,
      // With the default 4 MB, EXPLAIN ANALYZE of a 50 000-record type showed the sort
      // and the schedules' hash spilling to temporary files on PostgreSQL. A parallel
      // plan made each worker build the whole schedules' hash again: twice the CPU for
      // the same answer on a small machine, so this statement runs in one process.
      settings:
        this.sql.kind === "postgres" ? { work_mem: "64MB", max_parallel_workers_per_gather: "0" } : {},
    });
  }

  /**
   * One page of the account's resources, by (`sequence`, `id`): up to `rows` records
   * after the record with key `after` (`sequence` as text, `id`), or from the first.
   */
  async listResourcesPage(
    accountId: string,
    after: readonly [string, string] | undefined,
    rows: number,
  ): Promise<PageRows> {
    const found = await this.sql.query<{ json: string; sequence: string; id: string }>(resourcesPageSql, [
      accountId,
      rows,
      after?.[0] ?? null,
      after?.[1] ?? null,
    ]);
    return {
      records: found.map((row) => row.json),
      keys: found.map((row) => [row.sequence, row.id] as const),
    };
  }

  /** The JSON array text of every equipment type of the account, by `name`, then `id`. */
  async listEquipmentTypesJson(accountId: string): Promise<string> {
    const rows = await this.sql.query<{ json: string }>(equipmentTypesJsonSql, [accountId]);
    return rows[0]?.json ?? "[]";
  }

  /** One page of the account's equipment types, by (`name`, `id`), after the key `after`. */
  async listEquipmentTypesPage(
    accountId: string,
    after: readonly [string, string] | undefined,
    rows: number,
  ): Promise<PageRows> {
    const found = await this.sql.query<{ json: string; name: string; id: string }>(equipmentTypesPageSql, [
      accountId,
      rows,
      after?.[0] ?? null,
      after?.[1] ?? null,
    ]);
    return { records: found.map((row) => row.json), keys: found.map((row) => [row.name, row.id] as const) };
  }

  /** One page of the selected equipment, see {@link listEquipmentsPageQuery}. */
  async listEquipmentsPage(input: ListEquipmentsInput, page: EquipmentsPage): Promise<PageRows> {
    const { text, params } = listEquipmentsPageQuery(input, page);
    const found = await this.sql.query<{ json: string; created: string; id: string }>(text, params);
    return {
      records: found.map((row) => row.json),
      keys: found.map((row) => [row.created, row.id] as const),
    };
  }

  /**
   * The secret this store's cursors are signed with: made at random by migration 0003,
   * shared by every server of the store. Read once, then kept.
   */
  cursorSecret(): Promise<Buffer> {
    this.#cursorSecret ??= this.sql
      .query<{ value: string }>("SELECT value FROM settings WHERE name = 'cursor_secret'")
      .then((rows) => Buffer.from(rows[0]!.value, "hex"));
    // A failed read (the database away) is tried again by the next request.
    this.#cursorSecret.catch(() => {
      this.#cursorSecret = undefined;
    });
    return this.#cursorSecret;
  }

  /** The user of the account, or `undefined` when absent or another account's. */
  async findUser(accountId: string, id: string): Promise<{ id: string; name: string } | undefined> {
    if (!isStorableText(id)) return undefined;
    const rows = await this.sql.query<{ id: string; name: string }>(
      "SELECT id, name FROM users WHERE id = $1 AND account_id = $2",
      [id, accountId],
    );
    return rows[0];
  }

  /** The names of the migrations recorded as applied (readiness compares them with the files). */
  async appliedMigrations(): Promise<string[]> {
    const rows = await this.sql.query<{ name: string }>("SELECT name FROM schema_migrations");
    return rows.map((row) => row.name);
  }

  /** Whether the store holds no account at all (the demo only fills an empty store). */
  async isEmpty(): Promise<boolean> {
    const rows = await this.sql.query("SELECT 1 FROM accounts LIMIT 1");
    return rows.length === 0;
  }

  /** Deactivates a token named by its secret or its id; `false` when neither names one. */
  async revokeToken(token: string): Promise<boolean> {
    return (await revokeToken(this.sql, token)) !== undefined;
  }

  /** Deactivates an account (its tokens then answer `account_inactive`); `false` when absent. */
  async deactivateAccount(id: string): Promise<boolean> {
    return (await setAccountActive(this.sql, id, false)) !== undefined;
  }

  /** Stops listening for changes and closes the database. */
  async close(): Promise<void> {
    await this.#stopListening?.();
    this.#stopListening = undefined;
    await this.sql.close();
  }
}
