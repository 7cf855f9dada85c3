import { existsSync, rmSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openStore } from "./openStore.js";

describe(openStore, () => {
  // The embedded store's notifications never leave the process: there is nothing to connect to.
  it("refuses a listen database unless both URLs are PostgreSQL", async () => {
    await expect(openStore("memory://", { listenDatabase: "postgres://127.0.0.1/wsafe" })).rejects.toThrow(
      "a listen database needs PostgreSQL: both URLs must be postgres://...",
    );
    await expect(openStore("postgres://127.0.0.1:1/wsafe", { listenDatabase: "./data" })).rejects.toThrow(
      "a listen database needs PostgreSQL",
    );
  });

  // Before, the typo became a directory `postgress:` (relative to the working directory)
  // holding a new embedded store, which the caller took for PostgreSQL.
  it("refuses a URL of another scheme before creating anything", async () => {
    try {
      await expect(openStore("postgress://wsafe@127.0.0.1/wsafe")).rejects.toThrow(
        '--database: unknown scheme "postgress://"',
      );
      expect(existsSync("postgress:")).toBe(false);
    } finally {
      rmSync("postgress:", { recursive: true, force: true });
    }
  });
});
