import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "./openStore.js";
import type { Store } from "./Store.js";

describe("the cursor secret", () => {
  const stores: Store[] = [];
  afterAll(async () => {
    for (const store of stores) await store.close();
  });

  it("is made at random once per store, by the migration, and read back the same", async () => {
    const one = await openStore("memory://");
    const two = await openStore("memory://");
    stores.push(one, two);
    const secret = await one.cursorSecret();
    // 64 hex digits of two UUIDs: 32 bytes, 244 of their bits random.
    expect(secret.length).toBe(32);
    expect(await one.cursorSecret()).toBe(secret);
    expect((await two.cursorSecret()).equals(secret)).toBe(false);
  });
});
