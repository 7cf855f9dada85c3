import type { MethodName } from "@wsafe/schema";
import { methodCaseOf } from "./methodCases.js";
import type { PlannedRequest, TokenStateCheck } from "./PlannedRequest.js";

/** A token that no store knows. */
export const unknownToken = "precedence-unknown-token-000001";

/**
 * Finds the secret of a known token that fails exactly the given token-state checks
 * (never called with none: that is the example's own token); undefined when the store
 * under test cannot hold such a token.
 */
export type TokenFinder = (fails: readonly TokenStateCheck[], method: MethodName) => string | undefined;

/** A planned request written as HTTP: what `callApi` takes. */
export interface HttpRequest {
  path: string;
  method: string;
  query?: string;
  body?: string;
  /** The token secret sent, if any: what the rate limiter counts. */
  token: string | undefined;
}

/**
 * Writes a planned request as HTTP: the data as JSON, in the query string (percent-
 * encoded) or the body; undefined when `findToken` has no token for it.
 *
 * @param request - the planned request
 * @param findToken - where the failing tokens come from
 */
export function toHttpRequest(request: PlannedRequest, findToken: TokenFinder): HttpRequest | undefined {
  let token: string | undefined;
  if (request.token.kind === "unknown") token = unknownToken;
  else if (request.token.kind === "known") {
    token = request.token.fails.length
      ? findToken(request.token.fails, request.method)
      : methodCaseOf(request.method).token;
    if (token === undefined) return undefined;
  }
  const data = { ...(token === undefined ? {} : { token }), ...request.params };
  // A stray character after the object: whatever the object holds, it cannot be decoded.
  const text = `${JSON.stringify(data)}${request.unreadable ? "x" : ""}`;
  return request.transport === "query"
    ? { path: request.path, method: request.httpMethod, query: encodeURIComponent(text), token }
    : { path: request.path, method: request.httpMethod, body: text, token };
}
