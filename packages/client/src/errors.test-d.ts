import type { ErrorIdentifier, MethodError, MethodName } from "@wsafe/schema";
import { describe, expectTypeOf, it } from "vitest";
import {
  ErrorCode,
  isWsafeApiError,
  isWsafeError,
  type WsafeAbortError,
  type WsafeApiError,
  type WsafeApiErrorOf,
  type WsafeError,
  type WsafeTimeoutError,
  type WsafeTransportError,
  type WsafeValidationError,
} from "./errors.js";
import type { ResponseMeta } from "./ResponseMeta.js";

declare const caught: unknown;

describe("error types", () => {
  it("narrows an API error's identifier to what the method can answer", () => {
    if (isWsafeApiError(caught, "resources.list")) {
      expectTypeOf(caught.error).toEqualTypeOf<MethodError<"resources.list">>();
      // resources.list has no lookups, so it cannot answer content_not_found.
      // @ts-expect-error: not an identifier of resources.list
      void (caught.error === "content_not_found");
      expectTypeOf(caught.method).toEqualTypeOf<"resources.list">();
      expectTypeOf(caught.requestId).toEqualTypeOf<string | undefined>();
      expectTypeOf(caught.meta).toEqualTypeOf<ResponseMeta>();
    }
  });

  it("lets switch (err.error) narrow each case, with retryAfter only on rate_limit_exceeded", () => {
    if (!isWsafeApiError(caught, "users.info")) return;
    switch (caught.error) {
      case "rate_limit_exceeded":
        expectTypeOf(caught.retryAfter).toEqualTypeOf<number | undefined>();
        break;
      case "content_not_found":
        expectTypeOf(caught).toEqualTypeOf<WsafeApiError<"users.info", "content_not_found">>();
        expectTypeOf(caught.retryAfter).toEqualTypeOf<undefined>();
        break;
      default:
        expectTypeOf(caught.error).toEqualTypeOf<
          Exclude<MethodError<"users.info">, "rate_limit_exceeded" | "content_not_found">
        >();
    }
  });

  it("is exhaustive over a method's identifiers", () => {
    const explain = (err: WsafeApiErrorOf<"resources.list">): string => {
      switch (err.error) {
        case "request_method_invalid":
        case "request_data_invalid":
        case "token_missing":
        case "token_invalid":
        case "token_inactive":
        case "account_inactive":
        case "rate_limit_exceeded":
        case "token_permission":
        case "parameter_unexpected":
        case "parameter_invalid":
        case "server_error":
          return err.error;
        default:
          return err satisfies never;
      }
    };
    expectTypeOf(explain).returns.toBeString();
  });

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

  it("types an API error of any method with the identifiers any method can answer", () => {
    if (isWsafeApiError(caught)) expectTypeOf(caught.error).toEqualTypeOf<MethodError<MethodName>>();
    expectTypeOf<WsafeApiError["error"]>().toEqualTypeOf<ErrorIdentifier>();
  });

  it("keeps ErrorCode's values literal", () => {
    expectTypeOf(ErrorCode.ApiError).toEqualTypeOf<"wsafe_api_error">();
  });
});
