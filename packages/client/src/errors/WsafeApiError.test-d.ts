import type { ErrorIdentifier, MethodError, MethodName } from "@wsafe/schema";
import { describe, expectTypeOf, it } from "vitest";
import { isWsafeApiError } from "./isWsafeApiError.js";
import type { WsafeApiError } from "./WsafeApiError.js";

declare const caught: unknown;

describe("WsafeApiError", () => {
  it("types an API error of any method with the identifiers any method can answer", () => {
    if (isWsafeApiError(caught)) expectTypeOf(caught.error).toEqualTypeOf<MethodError<MethodName>>();
    expectTypeOf<WsafeApiError["error"]>().toEqualTypeOf<ErrorIdentifier>();
  });
});
