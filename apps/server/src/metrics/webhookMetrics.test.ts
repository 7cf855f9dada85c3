import { parseExposition, samplesOf } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../import/importDataset.js";
import { openStore } from "../store/openStore.js";
import type { Store } from "../store/Store.js";
import { WebhookStore } from "../webhooks/WebhookStore.js";
import { createServerMetrics } from "./createServerMetrics.js";

describe("the webhook metrics", () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore("memory://");
    await importDataset(store, {
      accounts: [{ id: "acc", name: "A" }],
      equipmentTypes: [{ id: "et", account_id: "acc", name: "T", metafields: [] }],
    });
  });
  afterAll(async () => {
    await store?.close();
  });

  it("count attempts by outcome, and read what waits in the whole store at each scrape", async () => {
    const metrics = createServerMetrics();
    metrics.watchDeliveries(store.sql);
    const scrape = async () => parseExposition(await metrics.registry.metrics());
    expect(samplesOf(await scrape(), "wsafe_webhook_deliveries_pending")).toEqual({ "": 0 });
    expect(samplesOf(await scrape(), "wsafe_webhook_oldest_pending_age_seconds")).toEqual({ "": 0 });

    // No worker runs here: what an import records for the endpoint waits.
    await new WebhookStore(store.sql).create(
      "acc",
      { url: "https://8.8.8.8/", types: [], equipmentTypeId: null },
      Date.now(),
    );
    const recordedAt = Date.now();
    await importDataset(store, {
      equipments: [
        {
          id: "eq",
          serialNumber: "eq",
          equipmentType_id: "et",
          created: 1,
          parent_id: "",
          fieldOffice_id: [],
          lineOfBusiness_id: "",
          assignedUsers_id: [],
          notes: "",
          isInService: true,
          metavalues: {},
          schedules: [],
        },
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const samples = await scrape();
    expect(samplesOf(samples, "wsafe_webhook_deliveries_pending")).toEqual({ "": 1 });
    const age = samplesOf(samples, "wsafe_webhook_oldest_pending_age_seconds")[""]!;
    expect(age).toBeGreaterThanOrEqual(0.04);
    expect(age).toBeLessThan((Date.now() - recordedAt) / 1000 + 1);

    metrics.webhookAttempted("failed");
    metrics.webhookAttempted("failed");
    metrics.webhookAttempted("succeeded");
    expect(samplesOf(await scrape(), "wsafe_webhook_attempts_total")).toEqual({
      '{outcome="failed"}': 2,
      '{outcome="succeeded"}': 1,
    });
  });
});
