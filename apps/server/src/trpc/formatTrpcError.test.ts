import { getTRPCErrorFromUnknown, getTRPCErrorShape, TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { ApiError } from "../errors/ApiError.js";
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
function shapeOf(thrown: unknown, context: TrpcContext | undefined = ctx) {
  return getTRPCErrorShape({
    config: appRouter._def._config,
    error: getTRPCErrorFromUnknown(toTrpcError(thrown)),
    type: "query",
    path: "users.info",
    input: undefined,
    ctx: context,
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

  it("never sends what an unforeseen error says, nor its stack: only server_error's description", () => {
    const shape = shapeOf(new Error('relation "tokens" does not exist: SELECT token_hash FROM tokens'));
    expect(shape).toEqual({
      code: -32603,
      message: "internal error; quote request id req123",
      data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500, path: "users.info", error: "server_error" },
    });
    expect(JSON.stringify(shapeOf(new Error("at /srv/x.js:1"), undefined))).not.toMatch(/srv|stack|SELECT/);
  });

  it("names tRPC's own failures with the identifier of the /v1 check they stand for", () => {
    const own = (code: TRPCError["code"]) =>
      shapeOf(new TRPCError({ code, message: "tRPC says" })).data.error;
    expect(own("NOT_FOUND")).toBe("api_method_not_found");
    expect(own("METHOD_NOT_SUPPORTED")).toBe("request_method_invalid");
    expect(own("PARSE_ERROR")).toBe("request_data_invalid");
    expect(own("UNSUPPORTED_MEDIA_TYPE")).toBe("request_data_invalid");
    expect(own("TIMEOUT")).toBe("server_error");
  });
});
