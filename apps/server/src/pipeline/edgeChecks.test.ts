import { describe, expect, it } from "vitest";
import { ApiError } from "../errors/ApiError.js";
import { CorsPreflight } from "./CorsPreflight.js";
import { checkHttpMethod, checkMethodPath, checkRequestData, unreadableBody } from "./edgeChecks.js";
import type { RequestState } from "./RequestState.js";

const state = (extra: Partial<RequestState>): RequestState => ({
  httpMethod: "POST",
  path: "/v1/users.info",
  rawQuery: "",
  body: undefined,
  bodyError: undefined,
  now: 0,
  ...extra,
});
const thrown = (check: () => void): unknown => {
  try {
    check();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe(checkMethodPath, () => {
  it("records the method a /v1 path names", () => {
    const request = state({});
    checkMethodPath(request);
    expect(request.method).toBe("users.info");
  });

  it("answers api_method_not_found for any other path", () => {
    expect(thrown(() => checkMethodPath(state({ path: "/v1/nope" })))).toMatchObject({
      error: "api_method_not_found",
    });
  });
});

describe(checkHttpMethod, () => {
  it("passes GET and POST, turns OPTIONS into a pre-flight and refuses the rest", () => {
    expect(thrown(() => checkHttpMethod(state({ httpMethod: "GET" })))).toBeUndefined();
    expect(thrown(() => checkHttpMethod(state({ httpMethod: "POST" })))).toBeUndefined();
    expect(thrown(() => checkHttpMethod(state({ httpMethod: "OPTIONS" })))).toBeInstanceOf(CorsPreflight);
    const put = thrown(() => checkHttpMethod(state({ httpMethod: "PUT" })));
    expect(put).toBeInstanceOf(ApiError);
    expect(put).toMatchObject({
      error: "request_method_invalid",
      description: "HTTP method PUT is not allowed; use GET or POST",
    });
  });
});

describe(checkRequestData, () => {
  it("decodes the body into the state", () => {
    const request = state({ body: Buffer.from('{"token":"t"}') });
    checkRequestData(request);
    expect({ ...request.data }).toEqual({ token: "t" });
  });

  it("answers request_data_invalid, naming the limit, for a body over it", () => {
    const tooLarge = Object.assign(new Error("too large"), { code: "FST_ERR_CTP_BODY_TOO_LARGE" });
    expect(thrown(() => checkRequestData(state({ bodyError: tooLarge })))).toMatchObject({
      error: "request_data_invalid",
      description: "request body exceeds 1048576 bytes",
    });
  });

  it("answers request_data_invalid for a body cut off before its end", () => {
    const aborted = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    expect(thrown(() => checkRequestData(state({ bodyError: aborted })))).toMatchObject({
      error: "request_data_invalid",
      description: "request body could not be read",
    });
  });
});

describe(unreadableBody, () => {
  it("says why a body could not be read, and keeps the cause for the log", () => {
    const tooLarge = Object.assign(new Error("too large"), { code: "FST_ERR_CTP_BODY_TOO_LARGE" });
    const refusal = unreadableBody(tooLarge);
    expect(refusal).toMatchObject({
      error: "request_data_invalid",
      description: "request body exceeds 1048576 bytes",
    });
    expect(refusal.cause).toBe(tooLarge);
    const aborted = new Error("aborted");
    expect(unreadableBody(aborted)).toMatchObject({
      description: "request body could not be read",
      cause: aborted,
    });
  });
});
