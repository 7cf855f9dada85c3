import { callTRPCProcedure, TRPCError } from "@trpc/server";
import type { MethodName } from "@wsafe/schema";
import type { MethodCall, MethodOutcome } from "../methods/MethodHandler.js";
import { appRouter } from "./appRouter.js";

/**
 * Calls a method's procedure through tRPC's public `callTRPCProcedure`: no caller
 * proxy per request. What its input parser or handler throws comes back out as
 * itself (an `ApiError` included); tRPC wraps it, and the original is its cause.
 *
 * @param name - a method name already known to the registry
 * @param data - the decoded request data, which the procedure's input checks
 * @param call - the store, the token and the request's instant
 */
export async function callMethodProcedure<Name extends MethodName>(
  name: Name,
  data: Record<string, unknown>,
  call: MethodCall,
): Promise<MethodOutcome<Name>> {
  try {
    return (await callTRPCProcedure({
      router: appRouter,
      path: name,
      type: "query",
      ctx: call,
      getRawInput: async () => data,
      signal: undefined,
      batchIndex: 0,
    })) as MethodOutcome<Name>;
  } catch (error) {
    throw error instanceof TRPCError && error.cause ? error.cause : error;
  }
}
