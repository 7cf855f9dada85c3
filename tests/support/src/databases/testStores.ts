import { createPgliteDatabase } from "./createPgliteDatabase.js";
import { createPostgresDatabase } from "./createPostgresDatabase.js";
import type { ScratchDatabase } from "./ScratchDatabase.js";
import { skipWithout } from "./services.js";

/** One kind of store an end-to-end suite runs against, see {@link testStores}. */
export interface TestStore {
  name: "PGlite (embedded)" | "PostgreSQL";
  /** True when it cannot run here (no PostgreSQL server); the suite must skip it. */
  skip: boolean;
  /** Makes a fresh database of this kind. */
  create(): Promise<ScratchDatabase>;
}

let postgresSkipped: boolean | undefined;

/**
 * The two stores every end-to-end suite runs against: the embedded store, and
 * PostgreSQL when `WSAFE_TEST_DATABASE_URL` is set (skipped loudly otherwise).
 *
 * @example
 * import { testStores } from "@wsafe/test-support";
 * describe.each(testStores)("users.info on $name", ({ skip, create }) => {
 *   beforeAll(async () => { if (!skip) db = await create(); });
 * });
 */
export const testStores = [
  { name: "PGlite (embedded)", skip: false, create: () => createPgliteDatabase() },
  {
    name: "PostgreSQL",
    // Asked when a suite first reads it, so only suites that run on the stores warn, once.
    get skip() {
      postgresSkipped ??= skipWithout("PostgreSQL", "every test on PostgreSQL");
      return postgresSkipped;
    },
    create: () => createPostgresDatabase(),
  },
] as const satisfies readonly TestStore[];
