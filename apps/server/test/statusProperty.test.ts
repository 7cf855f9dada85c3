// A property of the status rules, on both stores: for random schedules and for
// instants drawn from their stored dates and one millisecond either side, every
// schedule's and equipment's status, and the `status` filter, equal what the reference
// (support/referenceStatus.ts, written from the schema's words) computes.
import { type Dataset, datasetSchema, statusesBySeverity } from "@wsafe/schema";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callMethod } from "./support/callApi.js";
import { type RandomAccount, randomStamps, sampleRandomAccounts } from "./support/randomDatasets.js";
import { referenceEquipmentsList } from "./support/referenceLists.js";
import { type DatasetServer, startDatasetServer } from "./support/startDatasetServer.js";
import { testSeed } from "./support/testSeed.js";
import { testStores } from "./support/testStores.js";

const accounts: RandomAccount[] = sampleRandomAccounts(3, testSeed);
const store: Dataset = datasetSchema.parse({
  accounts: accounts.flatMap((a) => a.dataset.accounts ?? []),
  tokens: accounts.flatMap((a) => a.dataset.tokens ?? []),
  users: accounts.flatMap((a) => a.dataset.users ?? []),
  resources: accounts.flatMap((a) => a.dataset.resources ?? []),
  equipmentTypes: accounts.flatMap((a) => a.dataset.equipmentTypes ?? []),
  equipments: accounts.flatMap((a) => a.dataset.equipments ?? []),
});

/** An instant at a stored date or one millisecond either side of it. */
const instant = fc
  .constantFrom(...randomStamps)
  .chain((stamp) => fc.constantFrom(stamp - 1, stamp, stamp + 1));

const query = fc.record({
  account: fc.nat({ max: accounts.length - 1 }),
  type: fc.nat(),
  as_of: instant,
  status: fc.subarray([...statusesBySeverity]),
});

describe.each(testStores)("status rules against the reference on $name", ({ skip, create }) => {
  describe.skipIf(skip)(`random schedules, seed ${testSeed}`, () => {
    let t: DatasetServer;
    beforeAll(async () => {
      t = await startDatasetServer(
        create,
        accounts.map((a) => a.dataset),
      );
    });
    afterAll(async () => {
      await t?.stop();
    });

    it("answers every status and the status filter as the reference does, at and around every stored date", async () => {
      await fc.assert(
        fc.asyncProperty(query, async ({ account, type, as_of, status }) => {
          const { accountId, token, dataset } = accounts[account]!;
          const types = dataset.equipmentTypes ?? [];
          const equipmentType_id = types[type % types.length]!.id;
          const request = {
            equipmentType_id,
            service_type: "all" as const,
            columns: ["id", "status", "schedules"],
            as_of,
            status,
          };
          const answer = await callMethod(t.url, "POST", "equipments.list", { token, ...request });
          expect(answer.body, `seed ${testSeed}`).toEqual({
            ok: true,
            equipments: referenceEquipmentsList(store, accountId, request),
          });
        }),
        { seed: testSeed, numRuns: 80 },
      );
    });
  });
});
