import {
  type ErrorIdentifier,
  type MethodName,
  methodNames,
  type RequestCheckId,
  requestCheckIds,
} from "@wsafe/schema";
import { failureRecipes } from "./failureRecipes.js";
import { methodCaseOf } from "./methodCases.js";
import type { PlannedRequest } from "./PlannedRequest.js";

/** The two ways request data travels, each with its HTTP method. */
export const transports = [
  { transport: "query", httpMethod: "GET" },
  { transport: "body", httpMethod: "POST" },
] as const;

/** One request of the precedence suite and the identifier it must answer. */
export interface PrecedenceCase {
  /** The checks it fails, in pipeline order: none (the example itself), one, or two. */
  checks: readonly RequestCheckId[];
  request: PlannedRequest;
  /** The identifier of the first check it fails, or `"ok"`. */
  expected: ErrorIdentifier | "ok";
}

/** A pair of checks that no request of a method can fail together, and why. */
export interface ImpossiblePair {
  checks: readonly [RequestCheckId, RequestCheckId];
  method: MethodName;
}

/** The request of a method's first successful example, sent one way. */
export function exampleRequest(method: MethodName, transport: "query" | "body"): PlannedRequest {
  return {
    method,
    transport,
    httpMethod: transport === "query" ? "GET" : "POST",
    path: `/v1/${method}`,
    token: { kind: "known", fails: [] },
    params: methodCaseOf(method).params,
    unreadable: false,
  };
}

/**
 * Every request the precedence suite sends, generated from the schema's pipeline table
 * and method registry: for every method and both transports, the example itself, each
 * check failed alone, and every pair of checks i < j failed together - which must answer
 * i's identifier. Pairs that cannot be failed together (a missing token cannot also be
 * unknown) are returned apart.
 *
 * @param order - the check ids in pipeline order (default: the schema's)
 */
export function planPrecedence(order: readonly RequestCheckId[] = requestCheckIds): {
  cases: PrecedenceCase[];
  impossible: ImpossiblePair[];
} {
  const cases: PrecedenceCase[] = [];
  const impossible: ImpossiblePair[] = [];
  for (const method of methodNames) {
    for (const { transport } of transports) {
      const base = exampleRequest(method, transport);
      cases.push({ checks: [], request: base, expected: "ok" });
      order.forEach((first, at) => {
        const answer = failureRecipes[first].answers(method);
        const alone = failureRecipes[first].apply(base);
        if (!answer || !alone) return;
        cases.push({ checks: [first], request: alone, expected: answer });
        for (const second of order.slice(at + 1)) {
          if (!failureRecipes[second].answers(method)) continue;
          const failingSecond = failureRecipes[second].apply(base);
          const both = failingSecond && failureRecipes[first].apply(failingSecond);
          if (both) cases.push({ checks: [first, second], request: both, expected: answer });
          else if (transport === "body") impossible.push({ checks: [first, second], method });
        }
      });
    }
  }
  return { cases, impossible };
}
