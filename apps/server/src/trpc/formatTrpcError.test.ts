import { getTRPCErrorFromUnknown, getTRPCErrorShape, TRPCError } from "@trpc/server";
import { requestLimits } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { ApiError } from "../errors/ApiError.js";
import { unreadableBody } from "../pipeline/edgeChecks.js";
import type { PipelineServices } from "../pipeline/RequestState.js";
import { appRouter } from "./appRouter.js";
import { formatTrpcError } from "./formatTrpcError.js";
import type { TrpcContext } from "./TrpcContext.js";
import { toTrpcError } from "./trpcErrorCodes.js";

const ctx: TrpcContext = {
  services: {} as PipelineServices,
  requestId: "req123",
  httpMethod: "GET",
  now: 0,
  cut: () => {},
};

/** The shape tRPC sends for an error thrown in a procedure, through the router's own config. */
/** `context` and `path` of `null`: an error before either was known. */
function shapeOf(thrown: unknown, context: TrpcContext | null = ctx, path: string | null = "users.info") {
  return getTRPCErrorShape({
    config: appRouter._def._config,
    error: getTRPCErrorFromUnknown(toTrpcError(thrown)),
    type: "query",
    path: path ?? undefined,
    input: undefined,
    ctx: context ?? undefined,
  });
}

describe(formatTrpcError, () => {
  it("says an ApiError in /v1's words, with the HTTP status of its identifier", () => {
    expect(shapeOf(new ApiError("content_not_found", "user not found: u_x"))).toEqual({
      code: -32004,
      message: "user not found: u_x",
      data: { code: "NOT_FOUND", httpStatus: 404, path: "users.info", error: "content_not_found" },
    });
    expect(shapeOf(new ApiError("rate_limit_exceeded", "slow down", { retryAfter: 3 })).data).toMatchObject({
      httpStatus: 429,
      error: "rate_limit_exceeded",
    });
  });

  it("says the ApiError's description even when the TRPCError carrying it was made without words", () => {
    // As the /trpc scope's error handler makes it for a body over the limit, before tRPC
    // reads the request: tRPC then takes the cause's own message, "request_data_invalid: ...".
    const tooLarge = Object.assign(new Error("Request body is too large"), {
      code: "FST_ERR_CTP_BODY_TOO_LARGE",
    });
    const error = new TRPCError({ code: "PAYLOAD_TOO_LARGE", cause: unreadableBody(tooLarge) });
    expect(shapeOf(error, null, null)).toEqual({
      code: -32013,
      message: `request body exceeds ${requestLimits.bodyBytes} bytes`,
      data: { code: "PAYLOAD_TOO_LARGE", httpStatus: 413, error: "request_data_invalid" },
    });
  });

  it("never sends what an unforeseen error says, nor its stack: only server_error's description", () => {
    const shape = shapeOf(new Error('relation "tokens" does not exist: SELECT token_hash FROM tokens'));
    expect(shape).toEqual({
      code: -32603,
      message: "internal error; quote request id req123",
      data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500, path: "users.info", error: "server_error" },
    });
    expect(JSON.stringify(shapeOf(new Error("at /srv/x.js:1"), null))).not.toMatch(/srv|stack|SELECT/);
    // Before a context (the input could not be read) there is no request id to quote.
    expect(shapeOf(new Error("at /srv/x.js:1"), null).message).toBe("internal error");
  });

  it("keeps tRPC's own words for its own failures, and names no path where there was none", () => {
    const shape = shapeOf(new TRPCError({ code: "NOT_FOUND", message: "No procedure found" }), ctx, null);
    expect(shape.message).toBe("No procedure found");
    expect(Object.keys(shape.data)).toEqual(["code", "httpStatus", "error"]);
  });

  it("names tRPC's own failures with the identifier of the /v1 check they stand for", () => {
    const own = (code: TRPCError["code"]) =>
      shapeOf(new TRPCError({ code, message: "tRPC says" })).data.error;
    expect(own("NOT_FOUND")).toBe("api_method_not_found");
    expect(own("METHOD_NOT_SUPPORTED")).toBe("request_method_invalid");
    expect(own("PARSE_ERROR")).toBe("request_data_invalid");
    expect(own("UNSUPPORTED_MEDIA_TYPE")).toBe("request_data_invalid");
    expect(own("TIMEOUT")).toBe("server_error");
    // A failure of tRPC's own that no /v1 check stands for says only server_error's words.
    expect(shapeOf(new TRPCError({ code: "TIMEOUT", message: "tRPC says" })).message).toBe(
      "internal error; quote request id req123",
    );
  });
});
