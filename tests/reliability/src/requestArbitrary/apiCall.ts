import { methodNames, methodUrlPath } from "@wsafe/schema";
import type { TenantFixture } from "@wsafe/test-support";
import fc from "fast-check";
import { toJsonText } from "../jsonText.js";
import type { RequestCase } from "../requestCase.js";
import { carry } from "./carry.js";
import { requestData } from "./requestData.js";

/**
 * Calls to the registry's methods, each with fuzzed {@link requestData}, carried as GET
 * or POST by {@link carry}.
 *
 * @example
 * fc.sample(apiCall(fixture), 1)[0]!.label; // e.g. "POST equipments.list"
 */
export function apiCall(fixture: TenantFixture, now = Date.now()): fc.Arbitrary<RequestCase> {
  // One arbitrary per method, built once: no `chain`, which would rebuild them per sample.
  return fc.oneof(
    ...methodNames.map((method) =>
      carry(requestData(method, fixture, now).map(toJsonText), fc.constant(methodUrlPath(method)), "method"),
    ),
  );
}
