import { initTRPC } from "@trpc/server";
import { type MethodName, type Methods, methodNames, parseParams } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import type { MethodCall, MethodHandler, MethodHandlers } from "../methods/MethodHandler.js";
import { methodHandlers } from "../methods/methodHandlers.js";

const t = initTRPC.context<MethodCall>().create({ isServer: true });
const handlers: MethodHandlers = methodHandlers;

/**
 * The procedure of one method: its input is the method's parameters, checked by the
 * schema package's `parseParams` (row `parameters` of the pipeline), and its resolver
 * is the method's handler (row `method_lookups`). The checks before these run before
 * tRPC is called: they need nothing from it, and every tRPC middleware costs a copy of
 * its options on every call.
 *
 * @param name - the method's wire name
 */
function methodProcedure<Name extends MethodName>(name: Name) {
  const handler: MethodHandler<Name> = handlers[name];
  return (
    t.procedure
      .input((data: unknown): Methods[Name]["parsedParams"] => {
        const result = parseParams(name, data as Record<string, unknown>);
        if (!result.ok) throw new ApiError(result.error, result.description);
        return result.params;
      })
      // tRPC types `input` as a conditional on its unset marker while `Name` is generic;
      // the parser above returns exactly this type.
      .query(({ ctx, input }) => handler(input as Methods[Name]["parsedParams"], ctx))
  );
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
