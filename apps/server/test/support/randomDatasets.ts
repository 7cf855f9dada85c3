// Random datasets for the suites that compare the stores with the reference: small
// pools of values, so that what SQL can get wrong happens often - ties in every order
// (`created`, `sequence`, names), ids whose UTF-8 byte order differs from JavaScript's
// and from a locale's, dates that coincide, null dates, no schedules, empty lists.
import { type Dataset, type DatasetInput, datasetSchema } from "@wsafe/schema";
import fc from "fast-check";

/** The instant every random date is near: 2030-03-17T17:46:40Z. */
export const RANDOM_EPOCH = 1_900_000_000_000;

/** The dates a random schedule takes its `expiresOn`, `expiringOn` and `lastCompletedOn` from. */
export const randomStamps = [0, 1_000, 2_000, 3_000, 4_000].map((offset) => RANDOM_EPOCH + offset);

// Byte order: "A" < "_" < "a" < "é" < "\uFFFF" < "😀" (JavaScript puts the emoji first,
// a locale collation puts "_" first and "a" beside "A").
const pieces = ["A", "a", "b", "_", "-", "1", "10", "é", "\uFFFF", "😀"];
const idSuffixes = pieces.flatMap((first) => pieces.map((second) => `${first}${second}`));
const names = ["Harness", "harness", "Ladder", "_Ladder", "Échelle", "Zebra", "😀 Kit", "\uFFFF"];

// Metafield ids are any non-empty text: quotes, backslashes, commas and braces must
// survive every statement that names them (an SQL array literal among them).
const metafieldIds = ["mf_0", 'mf "1"', "mf\\2,{x}"];
const maybeDate = fc.option(fc.constantFrom(...randomStamps), { nil: null, freq: 5 });
// A schedule's interval and warning, often absent (the record then leaves them out).
const maybeInterval = fc.option(fc.constantFrom("P1D", "P1M", "P1Y2M", "P2W"), { nil: undefined, freq: 2 });
const maybeWarning = fc.option(fc.constantFrom("P0D", "P1D", "P1W"), { nil: undefined, freq: 2 });

const schedules = fc.uniqueArray(
  fc.record({
    schedule_id: fc.constantFrom("s_a", "s_B", "s_é", "s_😀", "s_\uFFFF", "s_10", "s_9"),
    expiresOn: maybeDate,
    expiringOn: maybeDate,
    lastCompletedOn: maybeDate,
    interval: maybeInterval,
    warning: maybeWarning,
  }),
  { selector: (s) => s.schedule_id, maxLength: 3 },
);

const metavalue = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.integer({ min: -40, max: 40 }).map((n) => n / 4),
  fc.constantFrom("", "x", 'quoted "text"', "ünï😀"),
  fc.record({ item_ids: fc.array(fc.integer({ min: 0, max: 99 }), { maxLength: 3 }) }),
);

/** One account's records: types, equipment with schedules, resources, one user, a read and a write token. */
export interface RandomAccount {
  accountId: string;
  token: string;
  /** A token of the account with `write`: to record inspections. */
  writeToken: string;
  /** The account's one user, an inspector. */
  userId: string;
  dataset: DatasetInput;
}

/**
 * One account with random records; every id starts with `d<index>_`, so that the
 * datasets of several accounts fit in one store.
 *
 * @param index - which account (0, 1, ...)
 */
export function randomAccount(index: number): fc.Arbitrary<RandomAccount> {
  const prefix = `d${index}_`;
  const accountId = `acc_random_${index}`;
  const userId = `${prefix}user`;
  const type = fc.record({
    suffix: fc.constantFrom(...idSuffixes),
    name: fc.constantFrom(...names),
    metafieldCount: fc.integer({ min: 0, max: 3 }),
  });
  const equipment = fc.record({
    suffix: fc.constantFrom(...idSuffixes),
    typeIndex: fc.nat(),
    created: fc.constantFrom(1_000, 1_000, 2_000, 3_000),
    isInService: fc.boolean(),
    title: fc.option(fc.constantFrom("", "Title", "Tïtle 😀"), { nil: undefined }),
    clients: fc.option(fc.array(fc.constantFrom("cl_1", "cl_2"), { maxLength: 2 }), { nil: undefined }),
    notes: fc.constantFrom("", 'a "quoted" note', "line\nbreak"),
    metavalues: fc.array(metavalue, { maxLength: 3 }),
    schedules,
  });
  const resource = fc.record({
    suffix: fc.constantFrom(...idSuffixes),
    title: fc.constantFrom("Manual", "Plan", "Ünïcode"),
    sequence: fc.constantFrom(0, 1, 1, 2),
    tags: fc.array(fc.constantFrom("t", "ü"), { maxLength: 2 }),
    offline: fc.boolean(),
    versions: fc.array(
      fc.record({ created: fc.constantFrom(5, 5, 6), version: fc.constantFrom("1", "1.0.2") }),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
  });
  return fc
    .record({
      types: fc.uniqueArray(type, { selector: (t) => t.suffix, minLength: 1, maxLength: 3 }),
      equipments: fc.uniqueArray(equipment, { selector: (e) => e.suffix, minLength: 4, maxLength: 20 }),
      resources: fc.uniqueArray(resource, { selector: (r) => r.suffix, maxLength: 5 }),
    })
    .map(({ types, equipments, resources }) => {
      const typeRecords = types.map((t) => ({
        id: `${prefix}${t.suffix}`,
        account_id: accountId,
        name: t.name,
        metafields: Array.from({ length: t.metafieldCount }, (_, at) => ({
          id: metafieldIds[at]!,
          name: `M${at}`,
        })),
      }));
      const dataset: DatasetInput = {
        accounts: [{ id: accountId, name: `Random ${index}` }],
        tokens: [
          { token: `random-token-read-${index}-0000`, account_id: accountId },
          { token: `random-token-write-${index}-000`, account_id: accountId, permissions: ["read", "write"] },
        ],
        users: [{ id: userId, account_id: accountId, name: "Random User" }],
        equipmentTypes: typeRecords,
        equipments: equipments.map((e) => {
          const type = typeRecords[e.typeIndex % typeRecords.length]!;
          const metavalues = Object.fromEntries(
            type.metafields.flatMap((field, at) =>
              at < e.metavalues.length ? [[field.id, e.metavalues[at]!]] : [],
            ),
          );
          return {
            id: `${prefix}${e.suffix}`,
            serialNumber: `SN-${e.suffix}`,
            equipmentType_id: type.id,
            created: e.created,
            parent_id: "",
            fieldOffice_id: ["fo_1"],
            lineOfBusiness_id: "",
            ...(e.clients ? { clients_id: e.clients } : {}),
            assignedUsers_id: [],
            ...(e.title !== undefined ? { title: e.title } : {}),
            notes: e.notes,
            isInService: e.isInService,
            metavalues,
            schedules: e.schedules,
          };
        }),
        resources: resources.map((r) => ({
          account_id: accountId,
          id: `${prefix}${r.suffix}`,
          title: r.title,
          created: 1,
          sequence: r.sequence,
          category_id: "cat",
          tags: r.tags,
          shouldBeAvailableOffline: r.offline,
          versions: r.versions.map((v, at) => ({
            creator_id: userId,
            created: v.created,
            approvedOn: v.created + 1,
            version: v.version,
            description: `v${at}`,
            type: "file" as const,
          })),
        })),
      };
      return {
        accountId,
        token: `random-token-read-${index}-0000`,
        writeToken: `random-token-write-${index}-000`,
        userId,
        dataset,
      };
    });
}

/**
 * `count` random accounts drawn with a fixed seed: the same data on every run and every
 * store, printed seed and all when a comparison fails.
 *
 * @param count - how many accounts
 * @param seed - the fast-check seed
 */
export function sampleRandomAccounts(count: number, seed: number): RandomAccount[] {
  return Array.from(
    { length: count },
    (_, index) => fc.sample(randomAccount(index), { seed: seed + index, numRuns: 1 })[0]!,
  );
}

/**
 * Everything the store holds once every account is imported, parsed (defaults
 * applied): what the reference reads.
 *
 * @param accounts - the accounts, as imported
 */
export function storeContent(accounts: readonly RandomAccount[]): Dataset {
  const all = (key: keyof DatasetInput) => accounts.flatMap((a): unknown[] => a.dataset[key] ?? []);
  return datasetSchema.parse({
    accounts: all("accounts"),
    tokens: all("tokens"),
    users: all("users"),
    resources: all("resources"),
    equipmentTypes: all("equipmentTypes"),
    equipments: all("equipments"),
  });
}
