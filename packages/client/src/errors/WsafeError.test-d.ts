import type { MethodError } from "@wsafe/schema";
import { describe, expectTypeOf, it } from "vitest";
import { ErrorCode } from "./ErrorCode.js";
import { isWsafeError } from "./isWsafeError.js";
import type { WsafeAbortError } from "./WsafeAbortError.js";
import type { WsafeError } from "./WsafeError.js";
import type { WsafeTimeoutError } from "./WsafeTimeoutError.js";
import type { WsafeTransportError } from "./WsafeTransportError.js";
import type { WsafeValidationError } from "./WsafeValidationError.js";

declare const caught: unknown;

describe("WsafeError", () => {
  it("discriminates every client error by code", () => {
    if (!isWsafeError(caught, "equipments.list")) return;
    expectTypeOf(caught).toEqualTypeOf<WsafeError<"equipments.list">>();
    switch (caught.code) {
      case ErrorCode.ApiError:
        expectTypeOf(caught.error).toEqualTypeOf<MethodError<"equipments.list">>();
        break;
      case ErrorCode.TransportError:
        expectTypeOf(caught).toEqualTypeOf<WsafeTransportError>();
        expectTypeOf(caught.status).toEqualTypeOf<number | undefined>();
        expectTypeOf(caught.bodySnippet).toEqualTypeOf<string | undefined>();
        break;
      case ErrorCode.TimeoutError:
        expectTypeOf(caught).toEqualTypeOf<WsafeTimeoutError>();
        expectTypeOf(caught.timeoutMs).toBeNumber();
        break;
      case ErrorCode.AbortError:
        expectTypeOf(caught).toEqualTypeOf<WsafeAbortError>();
        break;
      case ErrorCode.ValidationError:
        expectTypeOf(caught).toEqualTypeOf<WsafeValidationError>();
        break;
      default:
        expectTypeOf(caught).toBeNever();
    }
  });
});
