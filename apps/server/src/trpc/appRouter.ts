import { initTRPC } from "@trpc/server";
import { type MethodName, type Methods, methodNames } from "@wsafe/schema";
import type { MethodCall, MethodHandler, MethodHandlers } from "../methods/MethodHandler.js";
import { methodHandlers } from "../methods/methodHandlers.js";

const t = initTRPC.context<MethodCall>().create({ isServer: true });
const handlers: MethodHandlers = methodHandlers;

/**
 * The procedure of one method: its resolver is the method's handler (row
 * `method_lookups` of the pipeline). Every check before it, the parameters included,
 * runs before tRPC is called: they need nothing from it, and each tRPC middleware (an
 * input parser is one) costs copies of the call's options on every call. The caller
 * hands the parameters that `parseParams` already parsed as the call's `input`.
 *
 * @param name - the method's wire name
 */
function methodProcedure<Name extends MethodName>(name: Name) {
  const handler: MethodHandler<Name> = handlers[name];
  // Without an input parser tRPC types `input` as unknown; `callMethodProcedure` hands
  // exactly the parsed parameters of this method.
  return t.procedure.query(({ ctx, input }) => handler(input as Methods[Name]["parsedParams"], ctx));
}

/** The procedures of /v1, one per registry method, at the method's wire name. */
type MethodProcedures = { [Name in MethodName]: ReturnType<typeof methodProcedure<Name>> };

/**
 * The one router of /v1, built from {@link methodHandlers}: each procedure sits at its
 * method's wire name (`resources.list`, ...), so the registry is the only list.
 */
export const appRouter = t.router(
  Object.fromEntries(methodNames.map((name) => [name, methodProcedure(name)])) as MethodProcedures,
);

/** The type of {@link appRouter}. */
export type AppRouter = typeof appRouter;
