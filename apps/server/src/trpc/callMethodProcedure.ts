import { callTRPCProcedure, TRPCError } from "@trpc/server";
import type { MethodName, Methods } from "@wsafe/schema";
import type { MethodCall, MethodOutcome } from "../methods/MethodHandler.js";
import { appRouter } from "./appRouter.js";

/**
 * The procedure has no input parser, so nothing asks for the raw input; one shared
 * function rather than a closure per call.
 */
const noRawInput = () => Promise.resolve(undefined);

/**
 * Calls a method's procedure through tRPC's public `callTRPCProcedure`: no caller
 * proxy per request. What its handler throws comes back out as itself (an `ApiError`
 * included); tRPC wraps it, and the original is its cause.
 *
 * @param name - a method name already known to the registry
 * @param params - the method's parameters, already parsed (check `parameters`)
 * @param call - the store, the token and the request's instant
 */
export async function callMethodProcedure<Name extends MethodName>(
  name: Name,
  params: Methods[Name]["parsedParams"],
  call: MethodCall,
): Promise<MethodOutcome<Name>> {
  try {
    return (await callTRPCProcedure({
      router: appRouter,
      path: name,
      type: "query",
      ctx: call,
      input: params,
      getRawInput: noRawInput,
      signal: undefined,
      batchIndex: 0,
    })) as MethodOutcome<Name>;
  } catch (error) {
    throw error instanceof TRPCError && error.cause ? error.cause : error;
  }
}
