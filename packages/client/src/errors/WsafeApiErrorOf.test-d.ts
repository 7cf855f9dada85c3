import type { MethodError } from "@wsafe/schema";
import { describe, expectTypeOf, it } from "vitest";
import type { ResponseMeta } from "../ResponseMeta.js";
import { isWsafeApiError } from "./isWsafeApiError.js";
import type { WsafeApiError } from "./WsafeApiError.js";
import type { WsafeApiErrorOf } from "./WsafeApiErrorOf.js";

declare const caught: unknown;

describe("WsafeApiErrorOf", () => {
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

  it("gives inspections.record its own idempotency_key_reused, which a read has not", () => {
    if (isWsafeApiError(caught, "inspections.record")) {
      expectTypeOf<"idempotency_key_reused">().toMatchTypeOf<typeof caught.error>();
      if (caught.error === "idempotency_key_reused")
        expectTypeOf(caught).toEqualTypeOf<WsafeApiError<"inspections.record", "idempotency_key_reused">>();
    }
    if (isWsafeApiError(caught, "inspections.list")) {
      // @ts-expect-error: a read takes no idempotency key
      void (caught.error === "idempotency_key_reused");
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

  it("gives webhooks.create its own identifiers: the cap, an unknown type, a read token", () => {
    expectTypeOf<"limit_reached">().toExtend<MethodError<"webhooks.create">>();
    expectTypeOf<WsafeApiErrorOf<"webhooks.create">["error"]>().toEqualTypeOf<
      MethodError<"webhooks.create">
    >();
    const explain = (err: WsafeApiErrorOf<"webhooks.create">): string => {
      switch (err.error) {
        case "limit_reached":
          expectTypeOf(err).toEqualTypeOf<WsafeApiError<"webhooks.create", "limit_reached">>();
          return "delete an endpoint first";
        case "token_permission":
          return "use a write token";
        case "content_not_found":
          return "no such equipment type";
        default:
          return err.error;
      }
    };
    expectTypeOf(explain).returns.toBeString();
  });

  it("keeps the cap to webhooks.create and the lookups to the methods that take an id", () => {
    expectTypeOf<"token_permission">().toExtend<MethodError<"webhooks.delete">>();
    expectTypeOf<"content_not_found">().toExtend<MethodError<"webhooks.rotate_secret">>();
    expectTypeOf<"content_not_found">().toExtend<MethodError<"webhooks.deliveries">>();
    expectTypeOf<"limit_reached">().not.toExtend<MethodError<"webhooks.delete">>();
    expectTypeOf<"limit_reached">().not.toExtend<MethodError<"webhooks.list">>();
    // webhooks.list looks nothing up by id.
    expectTypeOf<"content_not_found">().not.toExtend<MethodError<"webhooks.list">>();
  });
});
