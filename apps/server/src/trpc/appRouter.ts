import { initTRPC } from "@trpc/server";
import { type MethodName, type MethodParams, type MethodResult, methodNames } from "@wsafe/schema";
import type { RequestState } from "../pipeline/RequestState.js";
import { runRequestChecks } from "../pipeline/runRequestPipeline.js";
import { formatTrpcError } from "./formatTrpcError.js";
import { procedureSteps } from "./procedureCheckSteps.js";
import { successBodyOf } from "./successBodyOf.js";
import type { TrpcContext } from "./TrpcContext.js";
import { toTrpcError } from "./trpcErrorCodes.js";
import { trpcPrefix } from "./trpcPrefix.js";

const t = initTRPC.context<TrpcContext>().create({
  isServer: true,
  // Never a stack trace in an answer, whatever NODE_ENV says.
  isDev: false,
  errorFormatter: formatTrpcError,
});

/**
 * A method's request data as a procedure's input, for the types only: the caller's type
 * is the method's params as written (`token` included), and the value goes on as sent.
 * Its checks are the pipeline's, in the contract's order; a zod parse here would
 * check parameters before the token, and answer in zod's words rather than /v1's.
 */
interface RequestDataInput<Name extends MethodName> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: "wsafe";
    readonly validate: (value: unknown) => { readonly value: unknown };
    readonly types?: { readonly input: MethodParams<Name>; readonly output: unknown };
  };
}

const passOn = { version: 1, vendor: "wsafe", validate: (value: unknown) => ({ value }) } as const;
const requestDataInput = <Name extends MethodName>(): RequestDataInput<Name> => ({ "~standard": passOn });

/**
 * The procedure of one method, a query: its input the method's request data exactly as
 * on `/v1` (`{ token, ... }`), its output the `/v1` success body. It runs the same
 * steps as `/v1` from `token_present` to the method's handler (`procedureCheckSteps`),
 * so the checks, their order and their identifiers are `/v1`'s; a failure becomes a
 * `TRPCError` carrying the `ApiError`.
 *
 * @param name - the method's wire name, which is also the procedure's path
 */
function methodProcedure<Name extends MethodName>(name: Name) {
  return t.procedure
    .input(requestDataInput<Name>())
    .query(async ({ ctx, input }): Promise<MethodResult<Name>> => {
      const state: RequestState = {
        httpMethod: ctx.httpMethod,
        path: `${trpcPrefix}/${name}`,
        rawQuery: "",
        body: undefined,
        bodyError: undefined,
        now: ctx.now,
        input,
        method: name,
      };
      try {
        return (await successBodyOf(
          await runRequestChecks(procedureSteps, state, ctx.services),
        )) as MethodResult<Name>;
      } catch (error) {
        throw toTrpcError(error);
      }
    });
}

/** The procedures of the router, one per registry method, at the method's wire name. */
type MethodProcedures = { [Name in MethodName]: ReturnType<typeof methodProcedure<Name>> };

/**
 * The tRPC router of the service, built from the method registry and `methodHandlers`:
 * one query per method at its wire name, served at `/trpc` (`/trpc/resources.list`).
 * The `/v1` wire does not go through it.
 */
export const appRouter = t.router(
  Object.fromEntries(methodNames.map((name) => [name, methodProcedure(name)])) as MethodProcedures,
);

/**
 * The type of the service's tRPC router, for a typed `@trpc/client`: each method is a
 * query at its wire name, its input the method's request data (`token` included), its
 * output the `/v1` success body; a failure's `data.error` is the /v1 identifier.
 *
 * @example
 * import { createTRPCClient, httpBatchLink } from "@trpc/client";
 * import type { AppRouter } from "@wsafe/server";
 * const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "https://wsafe.example/trpc" })] });
 * const { resources } = await client["resources.list"].query({ token: "…" });
 */
export type AppRouter = typeof appRouter;
