import type { TokenRecord } from "../TokenRecord.js";

/** Bounds of the cache: beyond them the oldest entries go first. */
export interface ReadCacheLimits {
  /** Token records kept (each a few hundred bytes). Default 100 000. */
  maxTokens: number;
  /** Bytes of `resources.list` JSON kept in all. Default 32 MiB. */
  maxResourceBytes: number;
  /** A `resources.list` JSON larger than this is never kept. Default 4 MiB. */
  maxResourceBytesEach: number;
  /** @deprecated Since the JSON is kept as bytes: read as {@link maxResourceBytes}. */
  maxResourceChars?: number;
  /** @deprecated Since the JSON is kept as bytes: read as {@link maxResourceBytesEach}. */
  maxResourceCharsEach?: number;
  /**
   * How long a kept value may serve, in ms, even without a change announced. Default
   * 30 000: a bound on staleness should notifications ever fail without the connection
   * failing (a transaction-pooling proxy between the server and PostgreSQL accepts
   * `LISTEN` but delivers nothing).
   */
  maxAgeMs: number;
}

const defaultLimits: ReadCacheLimits = {
  maxTokens: 100_000,
  maxResourceBytes: 32 * 1024 * 1024,
  maxResourceBytesEach: 4 * 1024 * 1024,
  maxAgeMs: 30_000,
};

/**
 * Lookups of one kind of cached value since the cache was made: a hit answered without
 * a query (kept, or joined a load under way), a miss ran one. Plain counts, read by the
 * metrics at scrape time, so a lookup costs one increment.
 */
export interface ShelfStats {
  hits: number;
  misses: number;
}

/** One kind of cached value: read through, bounded, oldest out first. */
class Shelf<Value> {
  readonly #values = new Map<string, { value: Value; expiresAt: number }>();
  // Loads under way, so that concurrent misses of one key make one query.
  readonly #loading = new Map<string, Promise<Value | undefined>>();
  #size = 0;
  readonly stats: ShelfStats = { hits: 0, misses: 0 };

  constructor(
    private readonly sizeOf: (value: Value) => number,
    private readonly maxSize: number,
    private readonly maxSizeEach: number,
    private readonly maxAgeMs: number,
  ) {}

  get(key: string, now: number): Value | undefined {
    const entry = this.#values.get(key);
    if (entry === undefined) return undefined;
    if (now < entry.expiresAt) return entry.value;
    this.#values.delete(key);
    this.#size -= this.sizeOf(entry.value);
    return undefined;
  }

  loading(key: string): Promise<Value | undefined> | undefined {
    return this.#loading.get(key);
  }

  setLoading(key: string, load: Promise<Value | undefined>): void {
    this.#loading.set(key, load);
  }

  doneLoading(key: string, load: Promise<Value | undefined>): void {
    if (this.#loading.get(key) === load) this.#loading.delete(key);
  }

  /** @param loadedAt - when the load that read `value` began: its age counts from then */
  keep(key: string, value: Value, loadedAt: number): void {
    const size = this.sizeOf(value);
    if (size > this.maxSizeEach) return;
    const previous = this.#values.get(key);
    if (previous !== undefined) {
      this.#size -= this.sizeOf(previous.value);
      this.#values.delete(key);
    }
    // A Map iterates in insertion order: its first keys are the oldest.
    for (const [oldKey, old] of this.#values) {
      if (this.#size + size <= this.maxSize) break;
      this.#values.delete(oldKey);
      this.#size -= this.sizeOf(old.value);
    }
    this.#values.set(key, { value, expiresAt: loadedAt + this.maxAgeMs });
    this.#size += size;
  }

  clear(): void {
    this.#values.clear();
    this.#loading.clear();
    this.#size = 0;
  }

  get count(): number {
    return this.#values.size;
  }
}

/**
 * What a server keeps in memory so that a warm `resources.list` runs no SQL: token
 * records by token hash, and each account's `resources.list` JSON, as the UTF-8 bytes
 * it is sent as. Both change rarely (an import, a revoked token, a deactivated account)
 * and are read on every request.
 *
 * It is only used while the store's change notifications are being received
 * ({@link setListening}): every change to the tables behind it, whoever makes it,
 * empties it when its transaction commits ({@link clear}). A value loaded across a
 * clear is returned to its caller but not kept, since it may predate the change; so is
 * one loaded while notifications are not received. Unknown tokens are never kept, so
 * guessing tokens cannot fill memory. Nothing serves longer than `maxAgeMs` (30 s), a
 * bound should notifications ever stop arriving while the connection looks fine.
 */
export class ReadCache {
  readonly #tokens: Shelf<TokenRecord>;
  readonly #resources: Shelf<Buffer>;
  #listening = false;
  // Bumped by every clear: a load that started under an older generation is not kept.
  #generation = 0;

  /** @param limits - bounds on what is kept; defaults suit a server with a few GiB */
  constructor(limits: Partial<ReadCacheLimits> = {}) {
    const { maxTokens, maxAgeMs } = { ...defaultLimits, ...limits };
    const maxResourceBytes =
      limits.maxResourceBytes ?? limits.maxResourceChars ?? defaultLimits.maxResourceBytes;
    const maxResourceBytesEach =
      limits.maxResourceBytesEach ?? limits.maxResourceCharsEach ?? defaultLimits.maxResourceBytesEach;
    this.#tokens = new Shelf(() => 1, maxTokens, 1, maxAgeMs);
    this.#resources = new Shelf((json) => json.length, maxResourceBytes, maxResourceBytesEach, maxAgeMs);
  }

  /**
   * Says whether change notifications are being received. Either way everything kept
   * so far is dropped: while not listening, changes may be missed.
   */
  setListening(listening: boolean): void {
    this.#listening = listening;
    this.clear();
  }

  /** Drops everything: something behind the cache changed. */
  clear(): void {
    this.#generation++;
    this.#tokens.clear();
    this.#resources.clear();
  }

  /** Whether the cache is in use (notifications are being received). */
  get listening(): boolean {
    return this.#listening;
  }

  /** Lookups of token records and `resources.list` JSON while in use, for the metrics. */
  get stats(): { tokens: Readonly<ShelfStats>; resources: Readonly<ShelfStats> } {
    return { tokens: this.#tokens.stats, resources: this.#resources.stats };
  }

  /** How many token records and `resources.list` lists are kept (for tests and logs). */
  get counts(): { tokens: number; resources: number } {
    return { tokens: this.#tokens.count, resources: this.#resources.count };
  }

  /**
   * The token record for a token hash, from memory or else from `load`.
   *
   * @param tokenKey - hex of the token's SHA-256: a map lookup by it reveals nothing
   *   about the secret through its timing, since nobody can choose a hash's preimage
   * @param load - reads the record from the database
   */
  token(tokenKey: string, load: () => Promise<TokenRecord | undefined>): Promise<TokenRecord | undefined> {
    return this.#read(this.#tokens, tokenKey, load);
  }

  /**
   * The token record kept for a token hash, answered synchronously (a hit, for the
   * metrics); `undefined` when none is kept, and then {@link token} loads it. The
   * request pipeline asks this first, so a warm request waits on no promise.
   *
   * @param tokenKey - hex of the token's SHA-256
   */
  keptToken(tokenKey: string): TokenRecord | undefined {
    return this.#listening ? this.#kept(this.#tokens, tokenKey, Date.now()) : undefined;
  }

  /**
   * The `resources.list` JSON kept for an account, answered synchronously (a hit, for
   * the metrics); `undefined` when none is kept, and then {@link resourcesJson} loads
   * it. The handler asks this first, so a warm list waits on no promise.
   *
   * @param accountId - the account
   */
  keptResourcesJson(accountId: string): Buffer | undefined {
    return this.#listening ? this.#kept(this.#resources, accountId, Date.now()) : undefined;
  }

  /**
   * The `resources.list` JSON of an account, as UTF-8 bytes, from memory or else from `load`.
   *
   * @param accountId - the account
   * @param load - builds the JSON in the database
   */
  async resourcesJson(accountId: string, load: () => Promise<Buffer>): Promise<Buffer> {
    return (await this.#read(this.#resources, accountId, load)) as Buffer;
  }

  /** The value kept for `key`, counted as a hit; `undefined` when none is kept. */
  #kept<Value>(shelf: Shelf<Value>, key: string, now: number): Value | undefined {
    const kept = shelf.get(key, now);
    if (kept !== undefined) shelf.stats.hits++;
    return kept;
  }

  async #read<Value>(
    shelf: Shelf<Value>,
    key: string,
    load: () => Promise<Value | undefined>,
  ): Promise<Value | undefined> {
    if (!this.#listening) return load();
    const now = Date.now();
    const kept = this.#kept(shelf, key, now);
    if (kept !== undefined) return kept;
    const pending = shelf.loading(key);
    if (pending) {
      shelf.stats.hits++;
      return pending;
    }
    shelf.stats.misses++;
    const generation = this.#generation;
    const loading = load();
    shelf.setLoading(key, loading);
    try {
      const value = await loading;
      if (value !== undefined && this.#listening && generation === this.#generation)
        shelf.keep(key, value, now);
      return value;
    } finally {
      shelf.doneLoading(key, loading);
    }
  }
}
