import { type MethodName, methodNames, methods } from "@wsafe/schema";
import { fixtureTokens } from "@wsafe/test-support";
import { methodCaseOf } from "./precedence/methodCases.js";

/** One request that `/v1` and `/trpc` must answer alike. */
export interface DifferentialCase {
  /** What it is, for the test's name. */
  name: string;
  method: MethodName;
  /** The request data, sent as it is: the body of a `/v1` POST, the input of a `/trpc` call. */
  data: unknown;
}

/** A parameter no method declares. */
const unexpectedKey = "differential_unexpected";

/** The parameters a method requires besides `token` (whose absence is `token_missing`). */
function requiredParameters(method: MethodName): string[] {
  const shape = methods[method].params.shape as Record<
    string,
    { safeParse(value: unknown): { success: boolean } }
  >;
  return Object.keys(shape).filter((key) => key !== "token" && !shape[key]!.safeParse(undefined).success);
}

/**
 * Every request the `/trpc`-`/v1` differential sends, from the registry: for each
 * method, its first successful example's parameters (`methodCaseOf`) with every
 * fixture token and the example's own token, its lookup failure, the token sent badly
 * (absent, empty, not a string, unknown), request data that is not an object, and the
 * parameter errors: an unknown key, each required parameter left out, each set to a
 * value of no allowed type, and `pretty` not a boolean. A new method is covered by
 * its examples, with no edit here.
 */
export function differentialCases(): DifferentialCase[] {
  const cases: DifferentialCase[] = [];
  for (const method of methodNames) {
    const { token, params, lookupFailure } = methodCaseOf(method);
    const add = (name: string, data: unknown) => cases.push({ name: `${method}: ${name}`, method, data });
    add("the example", { token, ...params });
    for (const [name, fixtureToken] of Object.entries(fixtureTokens))
      add(`the fixture token ${name}`, { token: fixtureToken, ...params });
    if (lookupFailure) add(`its lookup failing (${lookupFailure.error})`, { token, ...lookupFailure.params });
    add("no token", { ...params });
    add("an empty token", { token: "", ...params });
    add("a token that is not a string", { token: 42, ...params });
    add("an unknown token", { token: "no-such-token-anywhere", ...params });
    add("request data that is an array", [{ token, ...params }]);
    add("an unknown parameter", { token, ...params, [unexpectedKey]: 1 });
    add("pretty that is not a boolean", { token, ...params, pretty: "yes" });
    for (const key of requiredParameters(method)) {
      const { [key]: _left, ...without } = params;
      add(`${key} left out`, { token, ...without });
      add(`${key} of no allowed type`, { token, ...params, [key]: { not: "allowed" } });
    }
  }
  return cases;
}
