import { describe, expect, it } from "vitest";
import { ApiError } from "../errors/ApiError.js";
import type { ProcedureState } from "./ProcedureState.js";
import { procedureCheckSteps } from "./procedureCheckSteps.js";

/** A `/trpc` call's state with the input tRPC decoded. */
const called = (input: unknown): ProcedureState => ({ now: 0, input, method: "users.info" });

/** What a step throws, or `undefined`. */
function thrownBy(step: () => unknown): unknown {
  try {
    step();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("procedureCheckSteps", () => {
  it("takes a call without input as empty request data, so that it is asked for its token", () => {
    const state = called(undefined);
    procedureCheckSteps.request_data(state);
    expect({ ...state.data }).toEqual({});
    const data = state.data ?? expect.unreachable("request_data set no request data");
    const refusal = thrownBy(() => procedureCheckSteps.token_present({ data }));
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ error: "token_missing" });
  });

  it("holds an input to /v1's rule for request data: an object", () => {
    const refusal = thrownBy(() => procedureCheckSteps.request_data(called([1, 2])));
    expect(refusal).toMatchObject({ error: "request_data_invalid" });
    const state = called({ token: "t" });
    procedureCheckSteps.request_data(state);
    expect({ ...state.data }).toEqual({ token: "t" });
  });
});
