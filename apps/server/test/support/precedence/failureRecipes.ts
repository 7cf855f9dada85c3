import { type ErrorIdentifier, type MethodName, methods, type RequestCheckId } from "@wsafe/schema";
import { methodCaseOf } from "./methodCases.js";
import type { PlannedRequest, TokenStateCheck } from "./PlannedRequest.js";

/** The part of a request a recipe changes. */
export type RequestPart = "path" | "httpMethod" | "encoding" | "token" | "params";

/**
 * How to make a request fail one check of the pipeline, whatever else it fails: the
 * precedence suite applies two recipes to a request that passes every check and
 * expects the earlier check's identifier.
 */
export interface FailureRecipe {
  /** What the recipe does, for people. */
  readonly how: string;
  /** The part of the request it changes. */
  readonly changes: RequestPart;
  /**
   * The identifier a request of `method` failing only this check answers; undefined
   * when no request of the method can fail it (a method without own lookups).
   */
  answers(method: MethodName): ErrorIdentifier | undefined;
  /**
   * The request changed so that it also fails this check; undefined when it cannot fail
   * this one together with what it already fails (an absent token cannot be unknown).
   */
  apply(request: PlannedRequest): PlannedRequest | undefined;
}

/** A recipe that gives the token one more failing token-state fact. */
function tokenState(check: TokenStateCheck, answer: ErrorIdentifier, how: string): FailureRecipe {
  return {
    how,
    changes: "token",
    answers: () => answer,
    apply: (request) =>
      request.token.kind === "known" && !request.token.fails.includes(check)
        ? { ...request, token: { kind: "known", fails: [...request.token.fails, check] } }
        : undefined,
  };
}

/** A recipe that replaces the example's token with one written some other way. */
function tokenReplaced(kind: "absent" | "unknown", answer: ErrorIdentifier, how: string): FailureRecipe {
  return {
    how,
    changes: "token",
    answers: () => answer,
    apply: (request) =>
      request.token.kind === "known" && request.token.fails.length === 0
        ? { ...request, token: { kind } }
        : undefined,
  };
}

/** A parameter no method declares. */
export const unexpectedParameter = "precedence_unexpected";

/**
 * How to fail each check of the schema's `requestChecks`, keyed by its id. The object
 * `satisfies` a type with one key per check id: a check added to the schema without a
 * recipe here does not typecheck, and once it has one, every pair it forms with the
 * other checks is tested on every method without another line of test.
 */
export const failureRecipes = {
  method_path: {
    how: "the path names no method: /v2/<method>",
    changes: "path",
    answers: () => "api_method_not_found",
    apply: (request) => ({ ...request, path: `/v2/${request.method}` }),
  },
  http_method: {
    how: "PUT instead of POST, DELETE instead of GET (the data travels the same way)",
    changes: "httpMethod",
    answers: () => "request_method_invalid",
    apply: (request) => ({ ...request, httpMethod: request.transport === "body" ? "PUT" : "DELETE" }),
  },
  request_data: {
    how: "the same data object followed by a stray character, so that it does not decode",
    changes: "encoding",
    answers: () => "request_data_invalid",
    apply: (request) => ({ ...request, unreadable: true }),
  },
  token_present: tokenReplaced("absent", "token_missing", "no token"),
  token_known: tokenReplaced("unknown", "token_invalid", "a token the store does not know"),
  token_active: tokenState("token_active", "token_inactive", "a deactivated token"),
  account_active: tokenState("account_active", "account_inactive", "a token of a deactivated account"),
  rate_limit: tokenState("rate_limit", "rate_limit_exceeded", "a token that has used up its request limit"),
  permission: tokenState(
    "permission",
    "token_permission",
    "a token without the read permission (write only)",
  ),
  parameters: {
    how: `one more parameter, ${unexpectedParameter}, that no method declares`,
    changes: "params",
    answers: () => "parameter_unexpected",
    apply: (request) => ({ ...request, params: { ...request.params, [unexpectedParameter]: 1 } }),
  },
  method_lookups: {
    how: "the data of the method's example that its lookups refuse (content_not_found, ...)",
    changes: "params",
    answers: (method) => methodCaseOf(method).lookupFailure?.error,
    apply: (request) => {
      const failure = methodCaseOf(request.method).lookupFailure;
      if (!failure) return undefined;
      // A record named one of several ways (`id` or `external_id`) is named the failure's way
      // alone: both at once is a parameter the method refuses before it looks anything up.
      const oneOf: readonly string[] = methods[request.method].requiresOneOf ?? [];
      const renamed = oneOf.some((key) => key in failure.params);
      const kept = Object.entries(request.params).filter(([key]) => !(renamed && oneOf.includes(key)));
      return { ...request, params: { ...Object.fromEntries(kept), ...failure.params } };
    },
  },
} as const satisfies { readonly [Id in RequestCheckId]: FailureRecipe };
