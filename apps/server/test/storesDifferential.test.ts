// The logic that lives in SQL - statuses, filters, column selection, ordering and
// pagination - where a mutation tool cannot reach: the same random datasets and the
// same random requests go to a server on PGlite, a server on PostgreSQL and the
// reference (support/referenceLists.ts), and all three must answer alike. The stores
// must agree byte for byte; both must equal the reference record for record. On the
// same servers, the status rules as a property of each store alone: for random
// schedules and instants at and one millisecond around their stored dates, every
// status and the status filter equal the reference's (support/referenceStatus.ts,
// written from the schema's words).
import { type Dataset, equipmentFields, statusesBySeverity } from "@wsafe/schema";
import { testStores } from "@wsafe/test-support";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callMethod } from "./support/callApi.js";
import {
  type RandomAccount,
  randomStamps,
  sampleRandomAccounts,
  storeContent,
} from "./support/randomDatasets.js";
import {
  referenceEquipmentsList,
  referenceEquipmentTypesList,
  referencePages,
  referenceResourcesList,
} from "./support/referenceLists.js";
import { type DatasetServer, startDatasetServer } from "./support/startDatasetServer.js";
import { testSeed } from "./support/testSeed.js";

const accounts: RandomAccount[] = sampleRandomAccounts(4, testSeed);
const everything: Dataset = storeContent(accounts);
/** An instant at a stored date or one millisecond either side of it. */
const nearStoredDate = fc.constantFrom(...randomStamps).chain((at) => fc.constantFrom(at - 1, at, at + 1));

const limit = fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined });
const equipmentsRequest = fc.record(
  {
    method: fc.constant("equipments.list" as const),
    account: fc.nat({ max: accounts.length - 1 }),
    // One of the account's own types; now and then (-1) another account's, which is not found.
    type: fc.oneof({ weight: 9, arbitrary: fc.nat({ max: 2 }) }, { weight: 1, arbitrary: fc.constant(-1) }),
    service_type: fc.constantFrom("in" as const, "out" as const, "all" as const),
    status: fc.subarray([...statusesBySeverity]),
    columns: fc.subarray([...equipmentFields]),
    include_null_metavalues: fc.boolean(),
    as_of: nearStoredDate,
    limit,
  },
  { requiredKeys: ["method", "account", "type", "as_of"] },
);
const otherRequest = fc.record(
  {
    method: fc.constantFrom("resources.list" as const, "equipmentTypes.list" as const),
    account: fc.nat({ max: accounts.length - 1 }),
    limit,
  },
  { requiredKeys: ["method", "account"] },
);
type Request = typeof equipmentsRequest extends fc.Arbitrary<infer R> ? R : never;
type OtherRequest = typeof otherRequest extends fc.Arbitrary<infer R> ? R : never;

/** The records field of each list method's answer. */
const recordsField = {
  "equipments.list": "equipments",
  "resources.list": "resources",
  "equipmentTypes.list": "equipmentTypes",
} as const;

/** The wire parameters of a drawn request (without token). */
function paramsOf(request: Request | OtherRequest): Record<string, unknown> {
  const { method: _method, account, limit: _limit, ...rest } = request as Request;
  if (request.method !== "equipments.list") return {};
  const own = accounts[account]!.dataset.equipmentTypes ?? [];
  const other = accounts[(account + 1) % accounts.length]!.dataset.equipmentTypes ?? [];
  const type = rest.type < 0 ? (other[0]?.id ?? "et_none") : own[rest.type % own.length]!.id;
  const { type: _type, ...params } = rest;
  return { ...params, equipmentType_id: type };
}

/** What the reference says: the whole list, or undefined for content_not_found. */
function expectedOf(request: Request | OtherRequest): Record<string, unknown>[] | undefined {
  const { accountId } = accounts[request.account]!;
  if (request.method === "resources.list") return referenceResourcesList(everything, accountId);
  if (request.method === "equipmentTypes.list") return referenceEquipmentTypesList(everything, accountId);
  return referenceEquipmentsList(everything, accountId, paramsOf(request) as never);
}

/**
 * Sends a drawn request to one server: one answer, or with `limit` every page of the
 * walk; the texts of the answers, with each page's cursor replaced by whether there is
 * one (cursors are signed with a secret of each store).
 */
async function ask(url: string, request: Request | OtherRequest): Promise<string[]> {
  const { token } = accounts[request.account]!;
  const params = { token, ...paramsOf(request), ...(request.limit ? { limit: request.limit } : {}) };
  const texts: string[] = [];
  let cursor: string | undefined;
  do {
    const answer = await callMethod(url, "POST", request.method, {
      ...params,
      ...(cursor ? { cursor } : {}),
    });
    cursor = answer.body?.response_metadata?.next_cursor;
    texts.push(answer.text.replace(/"next_cursor":"[^"]+"/, '"next_cursor":"(more)"'));
    if (texts.length > 100) throw new Error("a walk that does not end");
  } while (request.limit && cursor);
  return texts;
}

/** What the reference says the answers are, in the form {@link ask} returns them, parsed. */
function expectedAnswers(request: Request | OtherRequest): unknown[] {
  const whole = expectedOf(request);
  if (!whole) return [{ ok: false, error: "content_not_found", description: expect.any(String) }];
  const field = recordsField[request.method];
  if (!request.limit) return [{ ok: true, [field]: whole }];
  const pages = referencePages(whole, request.limit);
  return pages.map((page, at) => ({
    ok: true,
    [field]: page,
    response_metadata: { next_cursor: at < pages.length - 1 ? "(more)" : "" },
  }));
}

const [pglite, postgres] = testStores;

describe(`the stores against each other and the reference, seed ${testSeed}`, () => {
  let embedded: DatasetServer;
  let server: DatasetServer | undefined;
  beforeAll(async () => {
    const datasets = accounts.map((a) => a.dataset);
    [embedded, server] = await Promise.all([
      startDatasetServer(pglite.create, datasets),
      postgres.skip ? undefined : startDatasetServer(postgres.create, datasets),
    ]);
  });
  afterAll(async () => {
    await Promise.all([embedded?.stop(), server?.stop()]);
  });

  it.runIf(postgres.skip)("SKIPS the PostgreSQL side: WSAFE_TEST_DATABASE_URL is not set", () => {
    console.warn("storesDifferential: PostgreSQL absent, comparing PGlite with the reference only");
  });

  it("answers random list requests alike on PGlite, PostgreSQL and the reference", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ arbitrary: equipmentsRequest, weight: 4 }, otherRequest),
        async (request) => {
          const [fromPglite, fromPostgres] = await Promise.all([
            ask(embedded.url, request),
            server ? ask(server.url, request) : undefined,
          ]);
          if (fromPostgres)
            expect(fromPostgres, `PostgreSQL vs PGlite, seed ${testSeed}`).toEqual(fromPglite);
          expect(
            fromPglite.map((text) => JSON.parse(text)),
            `PGlite vs reference, seed ${testSeed}`,
          ).toEqual(expectedAnswers(request));
        },
      ),
      { seed: testSeed, numRuns: 60 },
    );
  });

  const statusQuery = fc.record({
    account: fc.nat({ max: accounts.length - 1 }),
    type: fc.nat(),
    as_of: nearStoredDate,
    status: fc.subarray([...statusesBySeverity]),
  });
  for (const store of [
    { name: "PGlite", skip: false, url: () => embedded.url },
    { name: "PostgreSQL", skip: postgres.skip, url: () => server!.url },
  ]) {
    it.skipIf(store.skip)(
      `${store.name}: every status and the status filter, at and around every stored date, as the reference says`,
      async () => {
        await fc.assert(
          fc.asyncProperty(statusQuery, async ({ account, type, as_of, status }) => {
            const { accountId, token, dataset } = accounts[account]!;
            const types = dataset.equipmentTypes ?? [];
            const request = {
              equipmentType_id: types[type % types.length]!.id,
              service_type: "all" as const,
              columns: ["id", "status", "schedules"],
              as_of,
              status,
            };
            const answer = await callMethod(store.url(), "POST", "equipments.list", { token, ...request });
            expect(answer.body, `seed ${testSeed}`).toEqual({
              ok: true,
              equipments: referenceEquipmentsList(everything, accountId, request),
            });
          }),
          { seed: testSeed, numRuns: 80 },
        );
      },
    );
  }
});
