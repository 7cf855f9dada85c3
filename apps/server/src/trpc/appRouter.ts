import { initTRPC, tracked } from "@trpc/server";
import {
  type Event,
  type EventsStreamParams,
  type MethodName,
  type MethodParams,
  type MethodPermission,
  type MethodResult,
  methodNames,
  methods,
} from "@wsafe/schema";
import { runRequestChecks } from "../pipeline/runRequestPipeline.js";
import { defaultStreamPingMs, defaultStreamSettings } from "../streams/StreamSettings.js";
import { streamEvents } from "./eventsStreamProcedure.js";
import { formatTrpcError } from "./formatTrpcError.js";
import type { ProcedureState } from "./ProcedureState.js";
import { procedureSteps } from "./procedureCheckSteps.js";
import { successBodyOf } from "./successBodyOf.js";
import type { TrpcContext } from "./TrpcContext.js";
import { toTrpcError } from "./trpcErrorCodes.js";

/** tRPC's builder for one server: its SSE pings and maximum duration, its error shape. */
function trpcFor(streamPingMs: number, maxDurationMs: number) {
  return initTRPC.context<TrpcContext>().create({
    isServer: true,
    // Pings keep an idle stream open through proxies (HAProxy's and nginx's timeouts are
    // a minute or less); a client that hears nothing for much longer reconnects.
    sse: {
      ping: { enabled: true, intervalMs: streamPingMs },
      // A stream then ends without tRPC's `return` message, so that the client
      // reconnects after the last event it got and every check runs again.
      maxDurationMs,
      client: { reconnectAfterInactivityMs: streamPingMs * 3 },
    },
    // Never a stack trace in an answer, whatever NODE_ENV says.
    isDev: false,
    errorFormatter: formatTrpcError,
  });
}

/** tRPC's builder, typed once for every server's. */
type Trpc = ReturnType<typeof trpcFor>;

/**
 * A method's request data as a procedure's input, for the types only: the caller's type
 * is the method's params as written (`token` included), and the value goes on as sent.
 * Its checks are the pipeline's, in the contract's order; a zod parse here would
 * check parameters before the token, and answer in zod's words rather than /v1's.
 */
interface PassedOnInput<Input> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: "wsafe";
    readonly validate: (value: unknown) => { readonly value: unknown };
    readonly types?: { readonly input: Input; readonly output: unknown };
  };
}

const passOn = { version: 1, vendor: "wsafe", validate: (value: unknown) => ({ value }) } as const;
const requestDataInput = <Name extends MethodName>(): PassedOnInput<MethodParams<Name>> => ({
  "~standard": passOn,
});

/**
 * The resolver of one method's procedure: its input the method's request data exactly as
 * on `/v1` (`{ token, ... }`), its output the `/v1` success body. It runs the same
 * steps as `/v1` from `token_present` to the method's handler (`procedureCheckSteps`),
 * so the checks, their order and their identifiers are `/v1`'s; a failure becomes a
 * `TRPCError` carrying the `ApiError`.
 *
 * @param name - the method's wire name, which is also the procedure's path
 */
function methodResolver<Name extends MethodName>(name: Name) {
  return async ({ ctx, input }: { ctx: TrpcContext; input: unknown }): Promise<MethodResult<Name>> => {
    const state: ProcedureState = { now: ctx.now, input, method: name };
    try {
      const outcome = await runRequestChecks(procedureSteps, state, ctx.services);
      // One table of steps serves every method, so its outcome is typed for any method;
      // it is `name`'s, as `callMethodHandler` calls the handler of the state's method.
      return (await successBodyOf<MethodName>(outcome)) as MethodResult<Name>;
    } catch (error) {
      throw toTrpcError(error);
    }
  };
}

/** A method that reads: a query, which tRPC serves to GET (and POST, by `methodOverride`). */
const queryProcedure = <Name extends MethodName>(t: Trpc, name: Name) =>
  t.procedure.input(requestDataInput<Name>()).query(methodResolver(name));

/**
 * A method that needs `write`: a mutation, which tRPC serves to POST only. A GET (a link
 * followed, a prefetch, a query cache refetching) is refused with `request_method_invalid`
 * before any check runs, so it never writes.
 */
const mutationProcedure = <Name extends MethodName>(t: Trpc, name: Name) =>
  t.procedure.input(requestDataInput<Name>()).mutation(methodResolver(name));

/** The procedure of one method: a mutation when it needs `write`, else a query. */
type MethodProcedure<Name extends MethodName> =
  MethodPermission<Name> extends "write"
    ? ReturnType<typeof mutationProcedure<Name>>
    : ReturnType<typeof queryProcedure<Name>>;

/** The procedures of the router, one per registry method, at the method's wire name. */
type MethodProcedures = { [Name in MethodName]: MethodProcedure<Name> };

const methodProcedure = (t: Trpc, name: MethodName) =>
  methods[name].permission === "write" ? mutationProcedure(t, name) : queryProcedure(t, name);

/**
 * `events.stream`: the account's events as they are recorded, a subscription over
 * Server-Sent Events. Its input is checked like a method's request data (the token, the
 * limit, the parameters, its lookups: `eventsStreamProcedure.ts`); then each event is
 * sent `tracked()` by its id, so a client that reconnects resumes after the last it got.
 */
const eventsStreamSubscription = (t: Trpc) =>
  t.procedure
    .input({ "~standard": passOn } as PassedOnInput<EventsStreamParams>)
    .subscription(async function* ({ ctx, input, signal }) {
      for await (const record of streamEvents(ctx, input, signal)) yield tracked(record.id, record as Event);
    });

/**
 * The tRPC router of a server, built from the method registry and `methodHandlers`:
 * one procedure per method at its wire name (a mutation when it needs `write`, else a query), served at `/trpc` (`/trpc/resources.list`),
 * and the `events.stream` subscription, its idle streams pinged every `streamPingMs`, each
 * ended after `streamMaxDurationMs` for its client to resume.
 * The `/v1` wire does not go through it.
 *
 * @param options - the server's stream ping interval and maximum stream duration
 */
export function createAppRouter(options: { streamPingMs?: number; streamMaxDurationMs?: number } = {}) {
  const t = trpcFor(
    options.streamPingMs ?? defaultStreamPingMs,
    options.streamMaxDurationMs ?? defaultStreamSettings.maxDurationMs,
  );
  return t.router({
    ...(Object.fromEntries(methodNames.map((name) => [name, methodProcedure(t, name)])) as MethodProcedures),
    "events.stream": eventsStreamSubscription(t),
  });
}

/** The router with the default settings: its type is every server's. */
export const appRouter = createAppRouter();

/**
 * The type of the service's tRPC router, for a typed `@trpc/client`: each method is a
 * query at its wire name (a mutation when it needs `write`), its input the method's request data (`token` included), its
 * output the `/v1` success body; a failure's `data.error` is the /v1 identifier.
 *
 * @example
 * import { createTRPCClient, httpBatchLink } from "@trpc/client";
 * import type { AppRouter } from "@wsafe/server";
 * const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "https://wsafe.example/trpc" })] });
 * const { resources } = await client["resources.list"].query({ token: "…" });
 */
export type AppRouter = typeof appRouter;
