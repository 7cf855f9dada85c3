import { describe, expect, it } from "vitest";
import { ApiError } from "../errors/ApiError.js";
import type { RequestState } from "../pipeline/RequestState.js";
import { procedureCheckSteps } from "./procedureCheckSteps.js";

/** A `/trpc` call's state with the input tRPC decoded. */
const called = (input: unknown): RequestState => ({
  httpMethod: "GET",
  path: "/trpc/users.info",
  rawQuery: "",
  body: undefined,
  bodyError: undefined,
  now: 0,
  input,
});

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
    const refusal = thrownBy(() => procedureCheckSteps.token_present(state));
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
