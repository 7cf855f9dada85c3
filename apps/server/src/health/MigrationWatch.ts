import { listMigrationFiles, migrationsChannel } from "../store/database/migrate.js";
import type { Sql } from "../store/database/Sql.js";

/** What the watch tells its server's log: once per migration it does not know. */
export interface MigrationWatchLog {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** How often the watch looks without being told. */
export interface MigrationWatchTiming {
  /**
   * Between two looks while notifications arrive: the bound for a migration applied by
   * a tool that does not announce it, or through a proxy that delivers no notification.
   */
  everyMs: number;
  /** Between two looks while the listening connection is lost. */
  deafEveryMs: number;
}

/** One look at the ledger costs one query of a table of a few dozen rows (see the README). */
export const defaultMigrationWatchTiming: MigrationWatchTiming = { everyMs: 5_000, deafEveryMs: 2_000 };

/**
 * Watches the migrations applied to this server's database while it runs. Another
 * server, of a newer version, may migrate the database at any time (a rolling upgrade);
 * a migration this server does not know that is not marked `rolling` (the newer server
 * recorded its mark) means this server must stop: it is {@link refused}, which readiness
 * reports (`/readyz` 503), and the callback given to {@link start} stops the server's
 * background writers. Logged once per migration.
 *
 * It looks when a migration is announced on `wsafe_migrations` (the migrating
 * transaction's commit), whenever readiness asks the store, and every `everyMs` on
 * PostgreSQL (every `deafEveryMs` while its listening connection is lost). An embedded
 * store belongs to this process alone, so nothing else can migrate it: no timer there.
 */
export class MigrationWatch {
  #files: Promise<Set<string>> | undefined;
  readonly #told = new Set<string>();
  #refused: string | undefined;
  #onRefused: ((migration: string) => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #stopListening: (() => Promise<void>) | undefined;
  #listening = true;
  #stopped = false;
  readonly #timing: MigrationWatchTiming;

  /**
   * @param sql - the store's database
   * @param log - where a migration it does not know is said, once
   * @param options - this server's version for the log, the migrations folder, pacing
   */
  constructor(
    private readonly sql: Sql,
    private readonly log: MigrationWatchLog,
    private readonly options: { version: string; directory?: string; timing?: Partial<MigrationWatchTiming> },
  ) {
    this.#timing = { ...defaultMigrationWatchTiming, ...options.timing };
  }

  /** The first migration found that this server must not run beside; `undefined` while there is none. */
  get refused(): string | undefined {
    return this.#refused;
  }

  /**
   * Starts watching; `onRefused` runs once, when a migration this server must not run
   * beside is first found.
   */
  async start(onRefused: (migration: string) => void): Promise<void> {
    this.#onRefused = onRefused;
    if (this.#refused !== undefined) onRefused(this.#refused);
    this.#stopListening = await this.sql.listen(
      migrationsChannel,
      () => void this.#lookQuietly(),
      (listening) => {
        this.#listening = listening;
        if (listening) void this.#lookQuietly();
        this.#plan();
      },
    );
    await this.#lookQuietly();
    this.#plan();
  }

  /** Stops looking by itself (readiness may still ask). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    const stopListening = this.#stopListening;
    this.#stopListening = undefined;
    await stopListening?.();
  }

  /**
   * Reads the applied migrations once and judges them.
   *
   * @returns the names of the migrations the database holds
   * @throws whatever the query throws (a store that does not answer)
   */
  async look(): Promise<Set<string>> {
    const rows = await this.sql.query<{ name: string; upgrade: string | null }>(
      "SELECT name, upgrade FROM schema_migrations",
    );
    const files = await this.files();
    for (const row of rows) if (!files.has(row.name)) this.#judge(row.name, row.upgrade);
    return new Set(rows.map((row) => row.name));
  }

  /** The names of this server's own migration files. */
  files(): Promise<Set<string>> {
    this.#files ??= listMigrationFiles(this.options.directory).then((names) => new Set(names));
    return this.#files;
  }

  /** A look whose failure is readiness's to report (the store is unreachable), not the watch's. */
  async #lookQuietly(): Promise<void> {
    await this.look().catch(() => {});
  }

  #plan(): void {
    clearTimeout(this.#timer);
    if (this.#stopped || this.sql.kind === "pglite") return;
    this.#timer = setTimeout(
      async () => {
        await this.#lookQuietly();
        this.#plan();
      },
      this.#listening ? this.#timing.everyMs : this.#timing.deafEveryMs,
    );
    this.#timer.unref();
  }

  #judge(migration: string, upgrade: string | null): void {
    if (this.#told.has(migration)) return;
    this.#told.add(migration);
    const { version } = this.options;
    if (upgrade === "rolling") {
      this.log.warn(
        { migration, upgrade, version },
        `migration ${migration}, which this server (wsafe ${version}) does not know, was applied to its database by a newer server; it is marked rolling, so this server keeps serving beside it: upgrade it when you can`,
      );
      return;
    }
    if (this.#refused !== undefined) return;
    this.#refused = migration;
    this.log.error(
      { migration, upgrade, version },
      `migration ${migration}, which this server (wsafe ${version}) does not know, was applied to its database by a newer server, and servers of earlier versions must not run beside it: this server stopped recording events, delivering webhooks and pruning, and answers /readyz with 503; stop it and start the newer version in its place`,
    );
    this.#onRefused?.(migration);
  }
}
