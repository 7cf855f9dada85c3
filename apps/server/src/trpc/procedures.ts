import { initTRPC } from "@trpc/server";
import { type MethodName, methods, type Permission, parseParams } from "@wsafe/schema";
import { ApiError } from "../pipeline/ApiError.js";
import type { TokenRecord } from "../store/Store.js";
import type { ApiContext } from "./ApiContext.js";

const t = initTRPC.context<ApiContext>().create({ isServer: true });

/** Builds routers; exported for the one router of the service. */
export const router = t.router;
/** Makes server-side callers of a router. */
export const createCallerFactory = t.createCallerFactory;

// Rows 4-7 of decisions §1: the token, read from the raw request data before the
// method's parameters are checked (row 10 comes later, as the order demands).
async function authenticate(ctx: ApiContext, data: Record<string, unknown>): Promise<TokenRecord> {
  const token = Object.hasOwn(data, "token") ? data.token : undefined;
  if (token === undefined || token === "") throw new ApiError("token_missing", "missing parameter: token");
  if (typeof token !== "string")
    throw new ApiError("token_invalid", "invalid parameter: token: expected a string");
  const record = await ctx.store.findToken(token);
  if (!record) throw new ApiError("token_invalid", "unknown token");
  if (!record.active) throw new ApiError("token_inactive", "the token has been deactivated");
  if (!record.accountActive) throw new ApiError("account_inactive", "the token's account is not active");
  return record;
}

// Row 9: the permission the registry names for the method.
function authorize(token: TokenRecord, permission: Permission): void {
  if (!token.permissions.includes(permission)) {
    throw new ApiError("token_permission", `the token lacks the ${permission} permission`);
  }
}

/**
 * The access middleware of a method: token (rows 4-7), rate limit (8) and permission
 * (9), in that order. Row 8 counts only requests that got that far, so bad tokens
 * cannot drain a real token's allowance.
 *
 * One middleware rather than three: tRPC copies its options object twice for every
 * middleware a call passes through, and three of them cost more than the rest of a
 * cached `resources.list` together (measured with --cpu-prof).
 */
function access(permission: Permission) {
  return t.middleware(async ({ ctx, getRawInput, next }) => {
    const token = await authenticate(ctx, (await getRawInput()) as Record<string, unknown>);
    await ctx.rateLimiter.consume(token.key);
    authorize(token, permission);
    return next({ ctx: { token } });
  });
}

/**
 * The procedure builder of one /v1 method: token (rows 4-7), rate limit (8), the
 * permission the registry names (9), then the method's parameters through the schema
 * package's `parseParams` (10). The handler does the method's own lookups (11).
 *
 * @param name - the method's wire name
 */
export function methodProcedure<Name extends MethodName>(name: Name) {
  return t.procedure.use(access(methods[name].permission)).input((data: unknown) => {
    const result = parseParams(name, data as Record<string, unknown>);
    if (!result.ok) throw new ApiError(result.error, result.description);
    return result.params;
  });
}
