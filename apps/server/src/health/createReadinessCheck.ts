import type { RateLimiter } from "../rateLimit/RateLimiter.js";
import type { StoreAvailability } from "../store/StoreAvailability.js";
import { fullDiskMessage } from "./fullDiskMessage.js";
import type { MigrationWatch } from "./MigrationWatch.js";

/**
 * How one dependency answered: `ok`, not at all, not in time, or, for migrations, not all
 * applied (`pending`), not known because the store did not answer (`unknown`), or one
 * applied by a newer server that this one must not run beside (`newer`), or, for the
 * store's disk, `full`.
 */
export type CheckOutcome = "ok" | "unreachable" | "timeout" | "pending" | "unknown" | "newer" | "full";

/** The body of `GET /readyz`. */
export interface Readiness {
  /** Whether a load balancer should send this process requests. */
  ok: boolean;
  /** `draining` once the process was told to stop; then no dependency is asked. */
  status: "ready" | "not_ready" | "draining";
  /** This server's version: `1.2.0`, or `1.2.0+unreleased.3859895` for a build that is no release. */
  version: string;
  /** Each dependency's outcome; `redis` only when rate limits live in Redis. */
  checks?: { store: CheckOutcome; migrations: CheckOutcome; redis?: CheckOutcome; disk?: CheckOutcome };
  /**
   * For people: what is wrong and what to do, when that needs more than an outcome
   * (migrations `newer`, disk `full`: {@link fullDiskMessage}).
   */
  description?: string;
}

/** What readiness looks at. */
export interface ReadinessSources {
  /** The watch of the store's applied migrations: its look is also the store's probe. */
  migrations: MigrationWatch;
  rateLimiter: RateLimiter;
  /** This server's version label, said in every answer. */
  version: string;
  /** Whether the server is stopping (SIGTERM): it then says so whatever its dependencies. */
  isDraining: () => boolean;
  /**
   * Whether the store can write: while a request met a full disk, readiness probes it
   * and answers `disk: "full"` until a write succeeds. Absent: not asked.
   */
  storeAvailability?: StoreAvailability;
  /**
   * How long one dependency may take to answer, in ms. Default 2 000: below the
   * check timeout a load balancer is usually given, so it reads our answer rather than
   * its own timeout.
   */
  timeoutMs?: number;
}

/** A check shared by concurrent callers: at most one probe of a dependency runs at a time. */
function shared<T>(probe: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= probe().finally(() => {
      running = undefined;
    });
    return running;
  };
}

/** What the probe answers, or `late` when it has not answered within `ms`. */
async function within<T>(probe: Promise<T>, ms: number, late: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** What `/readyz` says of a migration this server must not run beside. */
function newerDescription(migration: string, version: string): string {
  return `the database has migration ${migration}, which this server (wsafe ${version}) does not know: a newer server applied it, and servers of earlier versions must not run beside it. This server stopped its background work (events, webhooks, pruning); stop it and start the newer version in its place`;
}

/**
 * Makes the readiness check of one server: the store answers a query, every migration
 * file is recorded as applied and none this server must not run beside was found (see
 * {@link MigrationWatch}), Redis answers `PING` when it holds the rate limits, and the
 * process is not stopping. Every answer names the server's version.
 *
 * The endpoint is public and unauthenticated, so it must stay cheap whoever calls it:
 * concurrent calls share one probe per dependency (one query, one `PING` in flight at
 * most, even when a dependency hangs), and a probe that outlives its timeout keeps
 * answering later callers until it settles instead of starting another.
 *
 * @param sources - the migrations' watch (and through it the store), the rate limiter, the version and the stopping flag
 * @returns a function answering the current readiness
 */
export function createReadinessCheck(sources: ReadinessSources): () => Promise<Readiness> {
  const { migrations, rateLimiter, isDraining, version, storeAvailability: availability } = sources;
  const timeoutMs = sources.timeoutMs ?? 2_000;
  // One query answers three questions: the store is reachable, its schema is current, and
  // no newer server migrated it past what this one may run beside.
  const probeStore = shared(async (): Promise<{ store: CheckOutcome; migrations: CheckOutcome }> => {
    let applied: Set<string>;
    try {
      applied = await migrations.look();
    } catch {
      // Whether the schema is current cannot be told from a store that does not answer:
      // `pending` would send an operator looking for a migration that is not missing.
      return { store: "unreachable", migrations: "unknown" };
    }
    const files = [...(await migrations.files())];
    return { store: "ok", migrations: files.every((name) => applied.has(name)) ? "ok" : "pending" };
  });
  const probeRedis = shared(
    async (): Promise<CheckOutcome> => ((await rateLimiter.ping()) ? "ok" : "unreachable"),
  );

  return async () => {
    if (isDraining()) return { ok: false, status: "draining", version };
    const [storeChecks, redis, storeState] = await Promise.all([
      within(probeStore(), timeoutMs, { store: "timeout" as const, migrations: "unknown" as const }),
      rateLimiter.usesRedis ? within(probeRedis(), timeoutMs, "timeout" as const) : undefined,
      availability ? within(availability.check(), timeoutMs, availability.state) : undefined,
    ]);
    // Once found, a migration this server must not run beside stays: it is never undone.
    const refused = migrations.refused;
    // Named only while full: a store that writes adds nothing to the answer.
    const diskFull = storeState === "disk_full";
    const checks = {
      ...storeChecks,
      ...(refused ? { migrations: "newer" as const } : {}),
      ...(redis ? { redis } : {}),
      ...(diskFull ? { disk: "full" as const } : {}),
    };
    const ok = Object.values(checks).every((outcome) => outcome === "ok") && !isDraining();
    const status = ok ? "ready" : isDraining() ? "draining" : "not_ready";
    const said = [refused && newerDescription(refused, version), diskFull && fullDiskMessage].filter(Boolean);
    return { ok, status, version, checks, ...(said.length > 0 ? { description: said.join("; ") } : {}) };
  };
}
