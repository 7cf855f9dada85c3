/**
 * The type of the service's tRPC router at `/trpc`, for a typed `@trpc/client`, with no
 * server installed: this entry holds types only, built from `@wsafe/schema`'s registry
 * and `@trpc/server`'s router types (install `@trpc/client` and its peer `@trpc/server`
 * beside `@wsafe/client`). Each method is a procedure at its wire name: a query when it
 * reads, a mutation when it needs `write`; its input is the method's request data
 * (`token` included), its output the `/v1` success body. `events.stream` is a
 * subscription over Server-Sent Events whose items are `{ id, data }`: the event's id
 * (send it back as `lastEventId` to resume) and the event. A failure's `data.error` is
 * the `/v1` identifier.
 *
 * @example
 * import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from "@trpc/client";
 * import type { AppRouter } from "@wsafe/client/trpc";
 * const url = "https://wsafe.example.com/trpc";
 * const trpc = createTRPCClient<AppRouter>({
 *   links: [splitLink({ condition: (op) => op.type === "subscription", true: httpSubscriptionLink({ url }), false: httpBatchLink({ url }) })],
 * });
 * const { resources } = await trpc["resources.list"].query({ token });
 * trpc["events.stream"].subscribe({ token }, { onData: ({ id, data }) => console.log(id, data.type) });
 * @see https://docs.wsafe.dev/events/#the-stream
 *
 * @packageDocumentation
 */
import type {
  TRPC_ERROR_CODE_KEY,
  TRPC_ERROR_CODE_NUMBER,
  TRPCBuiltRouter,
  TRPCMutationProcedure,
  TRPCQueryProcedure,
  TRPCSubscriptionProcedure,
} from "@trpc/server";
import type {
  ErrorIdentifier,
  Event,
  EventsStreamParams,
  MethodName,
  MethodParams,
  MethodPermission,
  MethodResult,
} from "@wsafe/schema";

/** The `data` of a `/trpc` error: tRPC's code and HTTP status, and the `/v1` identifier. */
export interface TrpcErrorData {
  /** tRPC's code, e.g. `UNAUTHORIZED`. */
  code: TRPC_ERROR_CODE_KEY;
  /** The HTTP status the server answered with. */
  httpStatus: number;
  /** The procedure's path (`resources.list`), when the error came from one. */
  path?: string;
  /** The `/v1` identifier: what `/v1` answers in `error` for the same request. */
  error: ErrorIdentifier;
}

/** How a `/trpc` error reaches a client: `TRPCClientError`'s `message` is the `/v1` description. */
export interface TrpcErrorShape {
  code: TRPC_ERROR_CODE_NUMBER;
  message: string;
  data: TrpcErrorData;
}

/** What every procedure of the router shares. */
interface RouterRoot {
  ctx: object;
  meta: object;
  errorShape: TrpcErrorShape;
  transformer: false;
}

/** The input and output of one method's procedure. */
interface MethodProcedureDef<Name extends MethodName> {
  input: MethodParams<Name>;
  output: MethodResult<Name>;
  meta: object;
  errorShape: TrpcErrorShape;
}

/** One method's procedure: a mutation (POST only) when it needs `write`, else a query. */
type MethodProcedure<Name extends MethodName> =
  MethodPermission<Name> extends "write"
    ? TRPCMutationProcedure<MethodProcedureDef<Name>>
    : TRPCQueryProcedure<MethodProcedureDef<Name>>;

/** An event as `events.stream` sends it: its id (the SSE id, for resuming) and the event. */
export interface TrackedEvent {
  id: string;
  data: Event;
}

/** The router's procedures, by path. */
type AppProcedures = { [Name in MethodName]: MethodProcedure<Name> } & {
  "events.stream": TRPCSubscriptionProcedure<{
    input: EventsStreamParams;
    // biome-ignore lint/suspicious/noExplicitAny: what tRPC infers for the server's async generator
    output: AsyncIterable<TrackedEvent, void, any>;
    meta: object;
    errorShape: TrpcErrorShape;
  }>;
};

/**
 * The type of the service's tRPC router, for `createTRPCClient<AppRouter>(...)`: the same
 * procedures, inputs, outputs and error shape as the server's own router.
 */
export type AppRouter = TRPCBuiltRouter<RouterRoot, AppProcedures>;
