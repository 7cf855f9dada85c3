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
const authenticated = t.middleware(async ({ ctx, getRawInput, next }) => {
  const data = (await getRawInput()) as Record<string, unknown>;
  const token = Object.hasOwn(data, "token") ? data.token : undefined;
  if (token === undefined || token === "") throw new ApiError("token_missing", "missing parameter: token");
  if (typeof token !== "string")
    throw new ApiError("token_invalid", "invalid parameter: token: expected a string");
  const record = await ctx.store.findToken(token);
  if (!record) throw new ApiError("token_invalid", "unknown token");
  if (!record.active) throw new ApiError("token_inactive", "the token has been deactivated");
  if (!record.accountActive) throw new ApiError("account_inactive", "the token's account is not active");
  return next({ ctx: { token: record } });
});

// Row 8: counted only for requests that got this far, so bad tokens cannot drain a
// real token's allowance.
const rateLimited = t.middleware(async ({ ctx, next }) => {
  const { token } = ctx as ApiContext & { token: TokenRecord };
  await ctx.rateLimiter.consume(token.key);
  return next();
});

const tokenProcedure = t.procedure.use(authenticated).use(rateLimited);

/**
 * The procedure builder of one /v1 method: token (rows 4-7), rate limit (8), the
 * permission the registry names (9), then the method's parameters through the schema
 * package's `parseParams` (10). The handler does the method's own lookups (11).
 *
 * @param name - the method's wire name
 */
export function methodProcedure<Name extends MethodName>(name: Name) {
  const permission: Permission = methods[name].permission;
  return tokenProcedure
    .use(async ({ ctx, next }) => {
      const { token } = ctx as ApiContext & { token: TokenRecord };
      if (!token.permissions.includes(permission)) {
        throw new ApiError("token_permission", `the token lacks the ${permission} permission`);
      }
      return next();
    })
    .input((data: unknown) => {
      const result = parseParams(name, data as Record<string, unknown>);
      if (!result.ok) throw new ApiError(result.error, result.description);
      return result.params;
    });
}
