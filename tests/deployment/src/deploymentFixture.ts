import { randomBytes } from "node:crypto";
import type { Equipment, Resource } from "@wsafe/schema";
import { createFixture, fixtureAccount } from "@wsafe/test-support";

/** Tokens the load spreads its calls over, so that none comes near the rate limit. */
const LOAD_TOKENS = 100;

const newToken = (label: string) => `deploy-${label}-${randomBytes(12).toString("hex")}`;

/** The deployment suite's dataset and what the API must answer from it. */
export type DeploymentFixture = ReturnType<typeof createDeploymentFixture>;

/**
 * The shared fixture (`@wsafe/test-support`) plus tokens of its account made for this
 * run: many for the load, one for the rate-limit check. They are new on every run, so
 * no rate-limit counter left in the shared Redis by an earlier run (or another suite)
 * can count against them.
 *
 * @param now - the instant the fixture's statuses are arranged around
 */
export function createDeploymentFixture(now: number) {
  const fixture = createFixture(now);
  const loadTokens = Array.from({ length: LOAD_TOKENS }, () => newToken("load"));
  const limitToken = newToken("limit");
  const ownTokens = [...loadTokens, limitToken].map((token) => ({
    token,
    account_id: fixtureAccount,
    active: true,
    permissions: ["read" as const],
  }));
  const user = fixture.dataset.users.find((candidate) => candidate.account_id === fixtureAccount)!;
  return {
    dataset: { ...fixture.dataset, tokens: [...(fixture.dataset.tokens ?? []), ...ownTokens] },
    loadTokens,
    limitToken,
    expected: {
      resources: fixture.expected.resources as Resource[],
      /** Every equipment of `et_fix`, in list order (`created`, then `id`). */
      equipments: Object.values(fixture.expected.equipments) as Equipment[],
      user: { id: user.id, name: user.name },
    },
  };
}
