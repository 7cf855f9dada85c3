import type { TenantFixture } from "@wsafe/test-support";
import fc from "fast-check";
import { apiCall } from "./requestArbitrary/apiCall.js";
import { brokenData } from "./requestArbitrary/brokenData.js";
import { sizeLimit } from "./requestArbitrary/sizeLimit.js";
import { wrongTarget } from "./requestArbitrary/wrongTarget.js";
import type { RequestCase } from "./requestCase.js";

/**
 * Every kind of request the fuzzer sends, weighted towards calls that get deep into
 * the pipeline (authentication passed, parameters checked, lookups run).
 *
 * @example
 * fc.sample(requestArbitrary(createTenantFixture()), 1); // e.g. [{ method: "POST", path: "/v1/users.info", … }]
 */
export function requestArbitrary(fixture: TenantFixture, now = Date.now()): fc.Arbitrary<RequestCase> {
  return fc.oneof(
    { arbitrary: apiCall(fixture, now), weight: 163 },
    { arbitrary: brokenData(fixture), weight: 20 },
    { arbitrary: wrongTarget(fixture), weight: 16 },
    { arbitrary: sizeLimit(fixture), weight: 1 },
  );
}
