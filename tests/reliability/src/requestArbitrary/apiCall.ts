import { methodNames, methods, methodUrlPath } from "@wsafe/schema";
import type { TenantFixture } from "@wsafe/test-support";
import fc from "fast-check";
import { toJsonText } from "../jsonText.js";
import { createOracle, mayWrite } from "../oracle.js";
import type { RequestCase } from "../requestCase.js";
import { carry } from "./carry.js";
import { requestData } from "./requestData.js";

/**
 * Calls to the registry's methods, each with fuzzed {@link requestData}, carried as GET
 * or POST by {@link carry}; never a write that would succeed.
 *
 * @example
 * fc.sample(apiCall(fixture), 1)[0]!.label; // e.g. "POST equipments.list"
 */
export function apiCall(fixture: TenantFixture, now = Date.now()): fc.Arbitrary<RequestCase> {
  // The fuzzer writes nothing: a write the oracle says would go through (a register's
  // create of a valid equipment, an update of a type of the account) is not sent, so the
  // store stays as seeded and every other answer stays exact. What a write leaves behind
  // is the register's own tests' and the conformance kit's to check.
  const oracle = createOracle(fixture);
  // One arbitrary per method, built once: no `chain`, which would rebuild them per sample.
  return fc.oneof(
    ...methodNames.map((method) => {
      const calls = carry(
        requestData(method, fixture, now).map(toJsonText),
        fc.constant(methodUrlPath(method)),
        "method",
      );
      return methods[method].permission === "write"
        ? calls.filter((request) => !mayWrite(oracle(request)))
        : calls;
    }),
  );
}
