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
});
