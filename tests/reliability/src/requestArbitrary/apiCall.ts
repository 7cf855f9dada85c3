import { type MethodName, methodNames, methodUrlPath, registerWriteMethods } from "@wsafe/schema";
import type { TenantFixture } from "@wsafe/test-support";
import fc from "fast-check";
import { toJsonText } from "../jsonText.js";
import type { RequestCase } from "../requestCase.js";
import { carry } from "./carry.js";
import { requestData } from "./requestData.js";

/**
 * The methods the fuzzer calls with valid data: every one of the registry but the
 * register's writes, which succeed on valid data (a type or equipment made), while a run
 * must leave the store as it found it (`fuzz.test.ts`). Until the store's check accounts
 * for what they make, their refusals are held by the server's refusal suites and the
 * conformance kit's probes, and the fuzzer still sends them broken data (`brokenData`).
 */
const drawnMethods: readonly MethodName[] = methodNames.filter(
  (method) => !(registerWriteMethods as readonly string[]).includes(method),
);

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
    ...drawnMethods.map((method) =>
      carry(requestData(method, fixture, now).map(toJsonText), fc.constant(methodUrlPath(method)), "method"),
    ),
  );
}
