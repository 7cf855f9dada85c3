import type { DatasetInput } from "@wsafe/schema";
import type { TokenStateCheck } from "./PlannedRequest.js";

/** The account of the precedence tokens that pass `account_active`. */
const openAccount = "acc_precedence_open";
/** A deactivated account. */
const closedAccount = "acc_precedence_closed";
/**
 * An account active when imported, deactivated by the suite once its tokens have used
 * up their limit: a token only counts requests while its account is active.
 */
export const closingAccount = "acc_precedence_closing";

/**
 * A token that fails exactly `fails`, and how the suite brings it there: the store's
 * record says the rest, but a used-up limit is history - requests made while the token
 * passed the checks before `rate_limit` - so such a token is exhausted first, and, when
 * it must also be deactivated (or its account), deactivated only afterwards, under the
 * running server.
 */
export interface PrecedenceToken {
  token: string;
  fails: readonly TokenStateCheck[];
  /** Whether the suite uses up its limit before the cases run. */
  exhaust: boolean;
  /** What the suite deactivates after exhausting it, if anything. */
  deactivateAfter: { token: boolean; account: boolean };
}

/**
 * One token for each set of token-state checks in `needed`, named for the set.
 *
 * @param needed - the sets the planned requests ask for
 */
export function precedenceTokens(needed: readonly (readonly TokenStateCheck[])[]): PrecedenceToken[] {
  const seen = new Set<string>();
  const tokens: PrecedenceToken[] = [];
  for (const fails of needed) {
    const sorted = [...fails].sort();
    const name = sorted.join("+");
    if (seen.has(name)) continue;
    seen.add(name);
    const exhaust = sorted.includes("rate_limit");
    tokens.push({
      token: `precedence-token-failing-${name}`,
      fails: sorted,
      exhaust,
      deactivateAfter: {
        token: exhaust && sorted.includes("token_active"),
        account: exhaust && sorted.includes("account_active"),
      },
    });
  }
  return tokens;
}

/** Sentinel tokens: deactivated with the exhausted ones, never exhausted, so their answers show when the server sees the change. */
export const sentinels = {
  token: "precedence-sentinel-token-revoked",
  account: "precedence-sentinel-account-closed",
} as const;

/**
 * The accounts and token records of {@link precedenceTokens}, as imported: a token to
 * be deactivated later is still active, and so is its account.
 */
export function precedenceTokenDataset(tokens: readonly PrecedenceToken[]): DatasetInput {
  return {
    accounts: [
      { id: openAccount, name: "Precedence open" },
      { id: closedAccount, name: "Precedence closed", active: false },
      { id: closingAccount, name: "Precedence closing" },
    ],
    tokens: [
      ...tokens.map(({ token, fails, deactivateAfter }) => ({
        token,
        account_id: fails.includes("account_active")
          ? deactivateAfter.account
            ? closingAccount
            : closedAccount
          : openAccount,
        active: !fails.includes("token_active") || deactivateAfter.token,
        permissions: fails.includes("permission") ? ["write" as const] : ["read" as const],
      })),
      { token: sentinels.token, account_id: openAccount },
      { token: sentinels.account, account_id: closingAccount },
    ],
  };
}
