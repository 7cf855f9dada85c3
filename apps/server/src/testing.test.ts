import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoDataset } from "./demo/createDemoDataset.js";
import { openStore } from "./store/openStore.js";
import type { Store } from "./store/Store.js";
import { importDatasetAt } from "./testing.js";

describe(importDatasetAt, () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore("memory://");
  });
  afterAll(() => store?.close());

  const importInstants = async () =>
    (
      await store.sql.query<{ at: string }>(
        "SELECT DISTINCT occurred_at::text AS at FROM events WHERE cause = 'import' ORDER BY 1",
      )
    ).map((row) => Number(row.at));

  // A store's clock starts when the store is made (a template store: the day the suite
  // ran), so a timeline on fixed dates placed its first import on that day instead, and
  // the docs' examples changed with the day they were checked (issue 47).
  it("places the first import of a store with no history at its instant, before the store's clock", async () => {
    const at = Date.UTC(2020, 0, 1);
    await importDatasetAt(store, createDemoDataset({ equipmentCount: 6, now: at }), at);
    expect(await importInstants()).toEqual([at]);
  });

  it("counts a later import before the clock as at the clock, as any import: a history stays", async () => {
    const before = Date.UTC(2019, 0, 1);
    await importDatasetAt(store, createDemoDataset({ equipmentCount: 7, now: before }), before);
    expect(await importInstants()).toEqual([Date.UTC(2020, 0, 1)]);
    const [clock] = await store.sql.query<{ until: string }>(
      "SELECT recorded_until::text AS until FROM event_clock",
    );
    expect(Number(clock!.until)).toBe(Date.UTC(2020, 0, 1));
  });
});
