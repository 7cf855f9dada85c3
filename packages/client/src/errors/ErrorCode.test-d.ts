import { describe, expectTypeOf, it } from "vitest";
import { ErrorCode } from "./ErrorCode.js";

describe("ErrorCode", () => {
  it("keeps ErrorCode's values literal", () => {
    expectTypeOf(ErrorCode.ApiError).toEqualTypeOf<"wsafe_api_error">();
  });
});
