import { randomBytes } from "node:crypto";
import type { DatasetInput } from "@wsafe/schema";

/**
 * The tenants and tokens every test of the suite works with. Tokens are fresh random
 * secrets per process, so that a scan for them in logs or tables cannot be fooled by
 * a constant that happens to sit in some file.
 */
export interface Fixture {
  dataset: DatasetInput;
  tokens: {
    /** alpha, active, `read`: reaches every check of the pipeline. */
    alphaRead: string;
    /** alpha, deactivated. */
    alphaInactive: string;
    /** alpha, active, `write` only: lacks the `read` every method needs. */
    alphaWriteOnly: string;
    /** beta, active, `read`: the other tenant. */
    betaRead: string;
    /** gamma, active token of an inactive account. */
    gammaRead: string;
  };
  /** Ids that only alpha owns, by kind; beta must see them as not existing. */
  alpha: { equipmentTypes: string[]; users: string[] };
  /** Ids that only beta owns; alpha must see them as not existing. */
  beta: { equipmentTypes: string[]; users: string[] };
  /** Strings that appear only in beta's records: a description naming one leaks data. */
  betaMarkers: string[];
}

const secret = (label: string) => `rel-${label}-${randomBytes(18).toString("base64url")}`;

const day = 86_400_000;

/**
 * Builds a dataset with three accounts: alpha (the one the fuzzer talks as), beta (the
 * neighbour whose ids and data must never show through) and gamma (inactive).
 *
 * @param size - extra equipment per type, for tests that want a heavier store
 */
export function createFixture(size = 0): Fixture {
  const tokens = {
    alphaRead: secret("alpha-read"),
    alphaInactive: secret("alpha-inactive"),
    alphaWriteOnly: secret("alpha-write"),
    betaRead: secret("beta-read"),
    gammaRead: secret("gamma-read"),
  };
  const now = Date.now();
  const schedule = (id: string, offsetDays: number | null) => ({
    schedule_id: id,
    expiresOn: offsetDays === null ? null : now + offsetDays * day,
    expiringOn: offsetDays === null ? null : now + (offsetDays - 30) * day,
    lastCompletedOn: offsetDays === null ? null : now - 300 * day,
  });
  const equipment = (account: "alpha" | "beta", type: string, n: number, marker: string) => ({
    id: `eq_${account}_${n}`,
    serialNumber: `SN-${account.toUpperCase()}-${n}`,
    equipmentType_id: type,
    created: 1_700_000_000_000 + n * 1000,
    parent_id: "",
    fieldOffice_id: [`fo_${account}`],
    lineOfBusiness_id: `lob_${account}`,
    ...(n % 2 === 0 ? { clients_id: [`cl_${account}`], title: `${marker} ${n}` } : {}),
    assignedUsers_id: [`u_${account}_1`],
    notes: `${marker} notes ${n}`,
    isInService: n % 3 !== 0,
    metavalues:
      n % 2 === 0
        ? { [`mf_${account}_len`]: 1.5 + n, [`mf_${account}_sites`]: { item_ids: [n, n + 1] } }
        : {},
    schedules: [
      schedule(`sch_${account}_a`, n % 4 === 0 ? null : 40 + n),
      schedule(`sch_${account}_b`, 10 - n),
    ],
  });
  const many = (account: "alpha" | "beta", type: string, marker: string) =>
    Array.from({ length: 4 + size }, (_, n) => equipment(account, type, n, marker));
  const resource = (account: "alpha" | "beta", n: number, marker: string) => ({
    account_id: `acc_${account}`,
    id: `res_${account}_${n}`,
    title: `${marker} resource ${n}`,
    created: 1_700_000_000_000 + n,
    sequence: n,
    category_id: `cat_${account}`,
    tags: [account, marker],
    shouldBeAvailableOffline: n % 2 === 0,
    versions: [
      {
        creator_id: `u_${account}_1`,
        created: 1_700_000_000_000 + n,
        approvedOn: 1_700_000_100_000 + n,
        version: `1.${n}`,
        description: `${marker} version`,
        type: "file" as const,
      },
    ],
  });
  const alphaMarker = "Alphaworks";
  const betaMarker = "Betacorp-Confidential";
  const dataset: DatasetInput = {
    accounts: [
      { id: "acc_alpha", name: "Alpha Works", active: true },
      { id: "acc_beta", name: betaMarker, active: true },
      { id: "acc_gamma", name: "Gamma (closed)", active: false },
    ],
    tokens: [
      { token: tokens.alphaRead, account_id: "acc_alpha", active: true, permissions: ["read"] },
      { token: tokens.alphaInactive, account_id: "acc_alpha", active: false, permissions: ["read"] },
      { token: tokens.alphaWriteOnly, account_id: "acc_alpha", active: true, permissions: ["write"] },
      { token: tokens.betaRead, account_id: "acc_beta", active: true, permissions: ["read", "write"] },
      { token: tokens.gammaRead, account_id: "acc_gamma", active: true, permissions: ["read"] },
    ],
    users: [
      { id: "u_alpha_1", account_id: "acc_alpha", name: "Ada Alpha" },
      // Numeric-looking ids exercise users.info's integer form (42 ≡ "42").
      { id: "1042", account_id: "acc_alpha", name: "Grace Alpha" },
      { id: "u_beta_1", account_id: "acc_beta", name: `${betaMarker} Person` },
      { id: "2042", account_id: "acc_beta", name: `${betaMarker} Numeric` },
      { id: "u_gamma_1", account_id: "acc_gamma", name: "Gus Gamma" },
    ],
    resources: [0, 1, 2].flatMap((n) => [resource("alpha", n, alphaMarker), resource("beta", n, betaMarker)]),
    equipmentTypes: [
      {
        id: "et_alpha",
        account_id: "acc_alpha",
        name: "Alpha harness",
        metafields: [
          { id: "mf_alpha_len", name: "Length" },
          { id: "mf_alpha_sites", name: "Sites" },
          { id: "mf_alpha_brand", name: "Brand" },
        ],
      },
      { id: "et_alpha_empty", account_id: "acc_alpha", name: "Alpha ladder", metafields: [] },
      {
        id: "et_beta",
        account_id: "acc_beta",
        name: `${betaMarker} type`,
        metafields: [
          { id: "mf_beta_len", name: "Length" },
          { id: "mf_beta_sites", name: "Sites" },
        ],
      },
    ],
    equipments: [...many("alpha", "et_alpha", alphaMarker), ...many("beta", "et_beta", betaMarker)],
  };
  return {
    dataset,
    tokens,
    alpha: { equipmentTypes: ["et_alpha", "et_alpha_empty"], users: ["u_alpha_1", "1042"] },
    beta: { equipmentTypes: ["et_beta"], users: ["u_beta_1", "2042"] },
    betaMarkers: [
      betaMarker,
      "eq_beta_",
      "res_beta_",
      "SN-BETA",
      "u_beta_1",
      "et_beta",
      "mf_beta",
      "acc_beta",
    ],
  };
}
