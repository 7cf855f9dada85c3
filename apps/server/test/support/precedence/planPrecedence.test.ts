import { methodNames, methods, requestCheckIds, requestChecks } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { failureRecipes } from "./failureRecipes.js";
import { methodCaseOf } from "./methodCases.js";
import { planPrecedence } from "./planPrecedence.js";

const { cases, impossible } = planPrecedence();

describe("failureRecipes", () => {
  it("answers, for each check, an identifier that check declares (the lookups: one of the method's own)", () => {
    for (const check of requestChecks) {
      for (const method of methodNames) {
        const answer = failureRecipes[check.id].answers(method);
        const declared: readonly string[] =
          check.id === "method_lookups" ? methods[method].ownErrors : check.errors;
        if (answer !== undefined) expect(declared, `${check.id} on ${method}`).toContain(answer);
        else expect(check.id).toBe("method_lookups");
      }
    }
  });

  it("builds every request from an example the method's parameters accept", () => {
    for (const method of methodNames) {
      const { token, params, lookupFailure } = methodCaseOf(method);
      expect(methods[method].params.safeParse({ token, ...params }).success, method).toBe(true);
      if (lookupFailure) {
        const data = { token, ...params, ...lookupFailure.params };
        expect(methods[method].params.safeParse(data).success, method).toBe(true);
      }
    }
  });
});

describe(planPrecedence, () => {
  it("pairs every two checks i < j on every method, both ways of sending data, expecting i's identifier", () => {
    for (const method of methodNames) {
      for (const [at, first] of requestCheckIds.entries()) {
        for (const second of requestCheckIds.slice(at + 1)) {
          if (!failureRecipes[first].answers(method) || !failureRecipes[second].answers(method)) continue;
          const planned = cases.filter(
            (c) => c.request.method === method && c.checks.join() === `${first},${second}`,
          );
          const isImpossible = impossible.some(
            (p) => p.method === method && p.checks.join() === `${first},${second}`,
          );
          expect(planned.length + (isImpossible ? 2 : 0), `${method}: ${first}, ${second}`).toBe(2);
          for (const c of planned) expect(c.expected).toBe(failureRecipes[first].answers(method));
        }
      }
    }
  });

  it("calls a pair impossible only when both checks are failed through the token, one replacing it", () => {
    for (const { checks } of impossible) {
      const [first, second] = checks.map((id) => failureRecipes[id]);
      expect([first!.changes, second!.changes]).toEqual(["token", "token"]);
      expect(checks.some((id) => id === "token_present" || id === "token_known")).toBe(true);
    }
  });

  it("fails one check with each recipe alone, and starts from a request that passes them all", () => {
    for (const method of methodNames) {
      const own = cases.filter((c) => c.request.method === method);
      expect(own.filter((c) => c.checks.length === 0).map((c) => c.expected)).toEqual(["ok", "ok"]);
      const alone = new Set(own.filter((c) => c.checks.length === 1).map((c) => c.checks[0]));
      const failable = requestCheckIds.filter((id) => failureRecipes[id].answers(method));
      expect([...alone]).toEqual(failable);
    }
  });
});
