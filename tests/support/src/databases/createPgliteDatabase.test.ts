import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { createPgliteDatabase } from "./createPgliteDatabase.js";

describe(createPgliteDatabase, () => {
  it("names a store inside a fresh directory and removes the directory on drop", async () => {
    const db = await createPgliteDatabase("self-test", { template: "none" });
    expect(dirname(db.database)).toBe(db.directory);
    expect(existsSync(db.directory)).toBe(true);
    await db.drop();
    await db.drop();
    expect(existsSync(db.directory)).toBe(false);
  });
});
