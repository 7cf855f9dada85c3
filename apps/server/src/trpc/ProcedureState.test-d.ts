import type { MethodName } from "@wsafe/schema";
import { describe, expectTypeOf, it } from "vitest";
import { checkPermission } from "../pipeline/accessChecks.js";
import { callMethodHandler } from "../pipeline/callMethodHandler.js";
import { checkParameters, checkRequestData } from "../pipeline/edgeChecks.js";
import type { LaneSteps, StateAt, Step } from "../pipeline/laneSteps.js";
import type { ProcedureState, TrpcLane } from "./ProcedureState.js";
import { procedureCheckSteps } from "./procedureCheckSteps.js";
import { type StreamLane, type StreamState, streamCheckSteps } from "./streamCheckSteps.js";

describe("the /trpc lanes' states", () => {
  // tRPC's adapter read the HTTP envelope; nothing of /v1's stands in for it.
  it("carry none of /v1's envelope", () => {
    for (const field of ["httpMethod", "path", "rawQuery", "body", "bodyError"] as const) {
      expectTypeOf<ProcedureState>().not.toHaveProperty(field);
      expectTypeOf<StreamState>().not.toHaveProperty(field);
    }
  });

  it("know a method call's method from its procedure, before any check", () => {
    expectTypeOf<StateAt<TrpcLane, "method_path">["method"]>().toEqualTypeOf<MethodName>();
    expectTypeOf<StreamState>().not.toHaveProperty("method");
  });
});

describe("the /trpc lanes' steps", () => {
  it("fit at their own checks", () => {
    expectTypeOf(procedureCheckSteps).toExtend<LaneSteps<TrpcLane>>();
    expectTypeOf(streamCheckSteps).toExtend<LaneSteps<StreamLane>>();
  });

  it("refuse /v1's decoding where a call's data is its input", () => {
    expectTypeOf(checkRequestData).not.toExtend<Step<StateAt<TrpcLane, "request_data">>>();
  });

  // A stream names no method of the registry: a method's own steps would read one.
  it("refuse a method's steps in the stream's table", () => {
    expectTypeOf(checkPermission).not.toExtend<Step<StateAt<StreamLane, "permission">>>();
    expectTypeOf(checkParameters).not.toExtend<Step<StateAt<StreamLane, "parameters">>>();
    expectTypeOf(callMethodHandler).not.toExtend<Step<StateAt<StreamLane, "method_lookups">>>();
  });
});
