import { describe, expect, it } from "vitest";
import { ApiError } from "../errors/ApiError.js";
import { RateLimiter } from "../rateLimit/RateLimiter.js";
import type { TokenRecord } from "../store/TokenRecord.js";
import {
  checkAccountActive,
  checkPermission,
  checkRateLimit,
  checkTokenActive,
  checkTokenPresent,
} from "./accessChecks.js";
import type { PipelineServices, RequestState } from "./RequestState.js";

const token: TokenRecord = {
  key: "k",
  accountId: "acc",
  active: true,
  accountActive: true,
  permissions: ["read"],
};
/** A `/v1` state holding what arrived, the method and `extra`: what the checks before the one tested set. */
const state = <Extra extends Partial<RequestState>>(
  extra: Extra,
): RequestState & Required<Pick<RequestState, "method">> & Extra => ({
  httpMethod: "POST",
  path: "/v1/users.info",
  rawQuery: "",
  body: undefined,
  bodyError: undefined,
  now: 0,
  method: "users.info",
  ...extra,
});
/** What a check threw: its identifier and description. */
function failure(check: () => void): { error: string; description: string } | undefined {
  try {
    check();
  } catch (error) {
    if (error instanceof ApiError) return { error: error.error, description: error.description };
    throw error;
  }
  return undefined;
}

describe(checkTokenPresent, () => {
  it.each([[{}], [{ token: "" }]])("answers token_missing for %j", (data) => {
    expect(failure(() => checkTokenPresent(state({ data })))).toEqual({
      error: "token_missing",
      description: "missing parameter: token",
    });
  });

  it.each([[1], [null], [["t"]], [{ t: 1 }], [true]])("answers token_invalid for a token of %j", (value) => {
    expect(failure(() => checkTokenPresent(state({ data: { token: value } })))).toEqual({
      error: "token_invalid",
      description: "invalid parameter: token: expected a string",
    });
  });

  it("keeps the secret for the next check", () => {
    const request = state({ data: { token: "secret" } });
    checkTokenPresent(request);
    expect(request.tokenSecret).toBe("secret");
  });
});

describe("token and account state", () => {
  it("answers token_inactive for a deactivated token, whatever its account", () => {
    const revoked = state({ token: { ...token, active: false, accountActive: false } });
    expect(failure(() => checkTokenActive(revoked))?.error).toBe("token_inactive");
  });

  it("answers account_inactive for an active token of an inactive account", () => {
    const closed = state({ token: { ...token, accountActive: false } });
    expect(failure(() => checkTokenActive(closed))).toBeUndefined();
    expect(failure(() => checkAccountActive(closed))?.error).toBe("account_inactive");
  });
});

describe(checkPermission, () => {
  it("answers token_permission when the token lacks what the registry names for the method", () => {
    expect(failure(() => checkPermission(state({ token: { ...token, permissions: ["write"] } })))).toEqual({
      error: "token_permission",
      description: "the token lacks the read permission",
    });
    expect(failure(() => checkPermission(state({ token })))).toBeUndefined();
  });
});

describe(checkRateLimit, () => {
  it("counts each request against its token's limit and refuses the one past it", async () => {
    const rateLimiter = await RateLimiter.create({ points: 2, durationSeconds: 60 });
    const services = { rateLimiter } as unknown as PipelineServices;
    const request = () => state({ token: { ...token, key: "limited" } });
    await checkRateLimit(request(), services);
    await checkRateLimit(request(), services);
    await expect(Promise.resolve().then(() => checkRateLimit(request(), services))).rejects.toMatchObject({
      error: "rate_limit_exceeded",
    });
    // Another token has its own count.
    await checkRateLimit(state({ token: { ...token, key: "other" } }), services);
  });
});
