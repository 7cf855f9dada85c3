import { createTRPCClient, httpBatchLink, httpSubscriptionLink, type TRPCClientError } from "@trpc/client";
import type {
  AnyTRPCRouter,
  inferRouterError,
  inferRouterInputs,
  inferRouterOutputs,
  TRPC_ERROR_CODE_KEY,
} from "@trpc/server";
import type { ErrorIdentifier, Event, MethodName } from "@wsafe/schema";
import type { AppRouter as ServerAppRouter } from "@wsafe/server";
import { describe, expectTypeOf, it } from "vitest";
import type { AppRouter } from "./trpc.js";

/** Each procedure's kind (`query`, `mutation`, `subscription`), by path. */
type KindsOf<Router extends AnyTRPCRouter> = {
  [Path in keyof Router["_def"]["procedures"]]: Router["_def"]["procedures"][Path]["_def"]["type"];
};

describe("@wsafe/client/trpc", () => {
  // Built from the schema alone; held here to the server's router, which it must never
  // drift from (a method, a permission, an input or output changed on one side only).
  it("types the same router as the server's: kinds, inputs, outputs and errors", () => {
    expectTypeOf<KindsOf<AppRouter>>().toEqualTypeOf<KindsOf<ServerAppRouter>>();
    expectTypeOf<inferRouterInputs<AppRouter>>().toEqualTypeOf<inferRouterInputs<ServerAppRouter>>();
    expectTypeOf<inferRouterOutputs<AppRouter>>().toEqualTypeOf<inferRouterOutputs<ServerAppRouter>>();
    expectTypeOf<inferRouterError<AppRouter>>().toEqualTypeOf<inferRouterError<ServerAppRouter>>();
  });

  it("makes the methods that need write mutations and the others queries", () => {
    expectTypeOf<KindsOf<AppRouter>["webhooks.create"]>().toEqualTypeOf<"mutation">();
    expectTypeOf<KindsOf<AppRouter>["users.info"]>().toEqualTypeOf<"query">();
    expectTypeOf<KindsOf<AppRouter>["events.stream"]>().toEqualTypeOf<"subscription">();
    expectTypeOf<keyof AppRouter["_def"]["procedures"]>().toEqualTypeOf<MethodName | "events.stream">();
  });

  it("gives a typed client and a typed subscription", () => {
    const trpc = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: "https://wsafe.example.test/trpc" })],
    });
    expectTypeOf(trpc["users.info"].query).parameter(0).toExtend<{ token: string; user: string | number }>();
    expectTypeOf(trpc["users.info"].query).returns.resolves.toEqualTypeOf<{
      ok: true;
      user: { id: string; name: string };
    }>();
    expectTypeOf(trpc["webhooks.create"]).toHaveProperty("mutate");
    expectTypeOf(trpc["webhooks.create"]).not.toHaveProperty("query");
    const streams = createTRPCClient<AppRouter>({
      links: [httpSubscriptionLink({ url: "https://wsafe.example.test/trpc" })],
    });
    streams["events.stream"].subscribe(
      { token: "t", types: ["schedule.status_changed"] },
      {
        onData(tracked) {
          expectTypeOf(tracked.id).toEqualTypeOf<string>();
          expectTypeOf(tracked.data).toEqualTypeOf<Event>();
        },
      },
    );
    expectTypeOf<NonNullable<TRPCClientError<AppRouter>["data"]>>().toEqualTypeOf<{
      code: TRPC_ERROR_CODE_KEY;
      httpStatus: number;
      path?: string;
      error: ErrorIdentifier;
    }>();
  });
});
