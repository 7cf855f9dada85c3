import type { MethodName } from "@wsafe/schema";
import type { WsafeError } from "./WsafeError.js";

/**
 * Whether `err` was thrown by this client (for `method`, when given).
 *
 * @param err - what a `catch` caught
 * @param method - the wire name to match; omit for a call of any method
 * @example
 * try { await client.resources.list(); } catch (err) { if (!isWsafeError(err)) throw err; console.warn(err.code); }
 */
export function isWsafeError<Method extends MethodName = MethodName>(
  err: unknown,
  method?: Method,
): err is WsafeError<Method> {
  // Duck-typed rather than `instanceof`, so errors from a second copy of the package still match.
  const { code, method: thrownBy } = (err ?? {}) as { code?: unknown; method?: unknown };
  return (
    err instanceof Error &&
    typeof code === "string" &&
    code.startsWith("wsafe_") &&
    (method === undefined || thrownBy === method)
  );
}
