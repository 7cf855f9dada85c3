import type { RequestCheckId } from "@wsafe/schema";
import { describe, expectTypeOf, it } from "vitest";
import type { TokenRecord } from "../store/TokenRecord.js";
import {
  checkAccountActive,
  checkPermission,
  checkRateLimit,
  checkTokenActive,
  checkTokenKnown,
  checkTokenPresent,
} from "./accessChecks.js";
import { callMethodHandler } from "./callMethodHandler.js";
import { checkHttpMethod, checkMethodPath, checkParameters, checkRequestData } from "./edgeChecks.js";
import type { CheckOrder, EstablishedBefore, StateAt, Step } from "./laneSteps.js";
import type { RequestState, V1Establishes, V1Lane } from "./RequestState.js";
import { type RequestCheckSteps, requestCheckSteps } from "./requestCheckSteps.js";

/** The `/v1` state the step of check `Id` is given. */
type V1At<Id extends RequestCheckId> = StateAt<V1Lane, Id>;
/** A step that fits `/v1`'s table at check `Id`. */
type V1Step<Id extends RequestCheckId> = Step<V1At<Id>>;

describe("the /v1 lane's steps", () => {
  // Each step fits at its own check, so that the refusals below are not refusals of anything.
  it("fit at their own checks", () => {
    expectTypeOf(requestCheckSteps).toExtend<RequestCheckSteps>();
    expectTypeOf(checkMethodPath).toExtend<V1Step<"method_path">>();
    expectTypeOf(checkHttpMethod).toExtend<V1Step<"http_method">>();
    expectTypeOf(checkRequestData).toExtend<V1Step<"request_data">>();
    expectTypeOf(checkTokenPresent).toExtend<V1Step<"token_present">>();
    expectTypeOf(checkTokenKnown).toExtend<V1Step<"token_known">>();
    expectTypeOf(checkTokenActive).toExtend<V1Step<"token_active">>();
    expectTypeOf(checkAccountActive).toExtend<V1Step<"account_active">>();
    expectTypeOf(checkRateLimit).toExtend<V1Step<"rate_limit">>();
    expectTypeOf(checkPermission).toExtend<V1Step<"permission">>();
    expectTypeOf(checkParameters).toExtend<V1Step<"parameters">>();
    expectTypeOf(callMethodHandler).toExtend<V1Step<"method_lookups">>();
  });

  it("do not fit before the check that sets what they read", () => {
    expectTypeOf(checkTokenPresent).not.toExtend<V1Step<"request_data">>();
    expectTypeOf(checkTokenKnown).not.toExtend<V1Step<"token_present">>();
    expectTypeOf(checkTokenActive).not.toExtend<V1Step<"token_known">>();
    expectTypeOf(checkAccountActive).not.toExtend<V1Step<"token_known">>();
    expectTypeOf(checkRateLimit).not.toExtend<V1Step<"token_known">>();
    expectTypeOf(checkPermission).not.toExtend<V1Step<"token_known">>();
    expectTypeOf(checkPermission).not.toExtend<V1Step<"method_path">>();
    expectTypeOf(checkParameters).not.toExtend<V1Step<"request_data">>();
    expectTypeOf(callMethodHandler).not.toExtend<V1Step<"parameters">>();
  });

  it("make a table with a step before what it reads fail to build", () => {
    const misplaced: RequestCheckSteps = {
      ...requestCheckSteps,
      // @ts-expect-error checkTokenKnown reads the token's secret, which token_present sets after request_data
      request_data: checkTokenKnown,
    };
    expectTypeOf(misplaced).toExtend<RequestCheckSteps>();
  });
});

describe("the /v1 lane's states", () => {
  it("give a check what the checks before it set, and a slot for what it sets", () => {
    expectTypeOf<V1At<"token_present">["data"]>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<V1At<"token_present">["tokenSecret"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<V1At<"token_present">>().not.toHaveProperty("token");
    expectTypeOf<V1At<"method_lookups">["token"]>().toEqualTypeOf<TokenRecord>();
    expectTypeOf<V1At<"method_path">>().not.toHaveProperty("data");
  });

  it("follow the schema's order, so that a reordered schema takes a check's fields from the checks after it", () => {
    type Swapped = readonly [
      "method_path",
      "http_method",
      "request_data",
      "token_known",
      "token_present",
      "token_active",
      "account_active",
      "rate_limit",
      "permission",
      "parameters",
      "method_lookups",
    ];
    expectTypeOf<Swapped>().toExtend<readonly RequestCheckId[]>();
    expectTypeOf<CheckOrder[3]>().toEqualTypeOf<"token_present">();
    expectTypeOf<EstablishedBefore<V1Establishes, "token_known">>().toHaveProperty("tokenSecret");
    expectTypeOf<EstablishedBefore<V1Establishes, "token_known", Swapped>>().not.toHaveProperty(
      "tokenSecret",
    );
  });

  // The edge reads these of any request, answered or refused at any check.
  it("hold every field as optional where the runner and the edge read them", () => {
    expectTypeOf<RequestState["method"]>().toEqualTypeOf<V1At<"http_method">["method"] | undefined>();
    expectTypeOf<RequestState["data"]>().toEqualTypeOf<Record<string, unknown> | undefined>();
  });
});
