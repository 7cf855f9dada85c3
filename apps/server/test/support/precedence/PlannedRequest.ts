import type { MethodName, RequestCheckId } from "@wsafe/schema";

/**
 * The checks a token can fail by what the store and the limiter know about it, rather
 * than by how it is written: each is a fact of one token, and one token can fail any
 * set of them at once (a deactivated write-only token of a deactivated account, ...).
 */
export const tokenStateChecks = [
  "token_active",
  "account_active",
  "rate_limit",
  "permission",
] as const satisfies readonly RequestCheckId[];

/** One check of {@link tokenStateChecks}. */
export type TokenStateCheck = (typeof tokenStateChecks)[number];

/**
 * The token a planned request sends: none, one the store does not know, or a known
 * token that fails exactly the given token-state checks (none: the method example's own
 * token, which passes them all).
 */
export type TokenSpec =
  | { readonly kind: "absent" }
  | { readonly kind: "unknown" }
  | { readonly kind: "known"; readonly fails: readonly TokenStateCheck[] };

/** A request of the precedence suite, before it is written as HTTP. */
export interface PlannedRequest {
  method: MethodName;
  /** How the data travels: a GET's query string or a POST's body. */
  transport: "query" | "body";
  /** The HTTP method: GET or POST by the transport, unless a recipe changed it. */
  httpMethod: string;
  /** `/v1/<method>`, unless a recipe changed it. */
  path: string;
  token: TokenSpec;
  /** The request data without `token`. */
  params: Record<string, unknown>;
  /** Whether the data is written so that it cannot be decoded (the object it holds stays the same). */
  unreadable: boolean;
}
