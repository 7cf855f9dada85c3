import type { DatasetInput, Permission } from "@wsafe/schema";
import type { TokenStateCheck } from "./PlannedRequest.js";

/** The account of the precedence tokens that pass `account_active`. */
const openAccount = "acc_precedence_open";
/**
 * An account active when imported, deactivated by the suite once its tokens have used
 * up their limit: a token only counts requests while its account is active.
 */
export const closingAccount = "acc_precedence_closing";

/**
 * A token that has used up its request limit and fails exactly `fails`, and how the
 * suite brings it there. The tokens that fail the other token checks only are the
 * fixture's (`tokenCheckCases` of `@wsafe/test-support`): their records say it all. A
 * used-up limit is history - requests made while the token
 * passed the checks before `rate_limit` - so such a token is exhausted first, and, when
 * it must also be deactivated (or its account), deactivated only afterwards, under the
 * running server.
 */
export interface ExhaustedToken {
  token: string;
  fails: readonly TokenStateCheck[];
  /** The permission of the methods it is sent to: whether it holds it is `permission`'s verdict. */
  needs: Permission;
  /** What the suite deactivates after exhausting it, if anything. */
  deactivateAfter: { token: boolean; account: boolean };
}

/**
 * One token for each set of token-state checks in `needed` that holds `rate_limit`, and
 * each permission the methods it is sent to need, named for both.
 *
 * @param needed - the sets the planned requests ask for, with the permission of their method
 */
export function exhaustedTokens(
  needed: readonly { fails: readonly TokenStateCheck[]; needs: Permission }[],
): ExhaustedToken[] {
  const seen = new Set<string>();
  const tokens: ExhaustedToken[] = [];
  for (const { fails, needs } of needed) {
    if (!fails.includes("rate_limit")) continue;
    const sorted = [...fails].sort();
    const name = `${needs}-${sorted.join("+")}`;
    if (seen.has(name)) continue;
    seen.add(name);
    tokens.push({
      token: `precedence-token-failing-${name}`,
      fails: sorted,
      needs,
      deactivateAfter: { token: sorted.includes("token_active"), account: sorted.includes("account_active") },
    });
  }
  return tokens;
}

/**
 * A token's permissions that a method needing `needs` refuses (`failing`) or accepts:
 * the other one alone, or `needs` with `read`.
 */
function permissionsFor(needs: Permission, failing: boolean): Permission[] {
  if (needs === "read") return failing ? ["write"] : ["read"];
  return failing ? ["read"] : ["read", "write"];
}

/** Sentinel tokens: deactivated with the exhausted ones, never exhausted, so their answers show when the server sees the change. */
export const sentinels = {
  token: "precedence-sentinel-token-revoked",
  account: "precedence-sentinel-account-closed",
} as const;

/**
 * The accounts and token records of {@link exhaustedTokens}, as imported: every token
 * active, in an active account, so that its requests count until its limit is used up.
 */
export function exhaustedTokenDataset(tokens: readonly ExhaustedToken[]): DatasetInput {
  return {
    accounts: [
      { id: openAccount, name: "Precedence open" },
      { id: closingAccount, name: "Precedence closing" },
    ],
    tokens: [
      ...tokens.map(({ token, fails, needs, deactivateAfter }) => ({
        token,
        account_id: deactivateAfter.account ? closingAccount : openAccount,
        permissions: permissionsFor(needs, fails.includes("permission")),
      })),
      { token: sentinels.token, account_id: openAccount },
      { token: sentinels.account, account_id: closingAccount },
    ],
  };
}
