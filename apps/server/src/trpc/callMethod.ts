import { TRPCError } from "@trpc/server";
import { type MethodName, methodNames } from "@wsafe/schema";
import type { ApiContext } from "./ApiContext.js";
import { appRouter } from "./appRouter.js";
import { createCallerFactory } from "./procedures.js";
import type { RawJsonResult } from "./RawJsonResult.js";
import type { StreamedJsonResult } from "./StreamedJsonResult.js";

const createCaller = createCallerFactory(appRouter);

type Procedure = (input: unknown) => Promise<RawJsonResult | StreamedJsonResult | Record<string, unknown>>;

// Every registry method must have a procedure at the same path: checked once at load,
// so a method added to the schema without a handler fails the start, not a request.
for (const name of methodNames) {
  if (!Object.hasOwn(appRouter._def.procedures, name)) throw new Error(`no procedure for method ${name}`);
}

/**
 * Calls the procedure of a method server-side and returns what it answered. An
 * {@link ApiError} thrown anywhere in its middleware chain comes back out as itself;
 * anything else stays the unknown error it was (the edge makes it `server_error`).
 *
 * @param context - the request's context
 * @param name - a method name already known to the registry
 * @param data - the decoded request data
 */
export async function callMethod(
  context: ApiContext,
  name: MethodName,
  data: Record<string, unknown>,
): Promise<RawJsonResult | StreamedJsonResult | Record<string, unknown>> {
  const caller = createCaller(context) as unknown as Record<string, Record<string, Procedure>>;
  const [group, action] = name.split(".") as [string, string];
  try {
    return await caller[group]![action]!(data);
  } catch (error) {
    // tRPC wraps what a middleware or input parser throws; the original is its cause.
    const cause = error instanceof TRPCError && error.cause ? error.cause : error;
    throw cause;
  }
}
