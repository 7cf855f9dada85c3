// A peer a team could pick instead of wsafe: stock tRPC 11 on its Fastify adapter, as
// its documentation sets it up - one router, a zod input, one middleware checking the
// token against an in-memory map - answering the same resources.list records over
// the same TLS. tRPC wraps the answer in its own envelope ({"result":{"data":...}}).
import { readFileSync } from "node:fs";
import { initTRPC, TRPCError } from "@trpc/server";
import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify from "fastify";
import * as z from "zod";
import { childOptions, reportReady } from "./childIpc.mjs";

const { tls, bodyPath, token } = childOptions();
// Parsed once: what a tRPC procedure returns is an object, which the adapter serialises.
const answer = JSON.parse(readFileSync(bodyPath, "utf8"));
const tokens = new Map([[token, { accountId: "acc_demo" }]]);

const t = initTRPC.create();
const authed = t.procedure.use(({ getRawInput, next }) =>
  getRawInput().then((raw) => {
    const account = tokens.get(/** @type {{ token?: string }} */ (raw)?.token ?? "");
    if (!account) throw new TRPCError({ code: "UNAUTHORIZED", message: "token_invalid" });
    return next({ ctx: { account } });
  }),
);
const router = t.router({
  resources: t.router({
    list: authed.input(z.strictObject({ token: z.string().min(1) })).mutation(() => answer),
  }),
});

const app = Fastify({
  logger: false,
  keepAliveTimeout: 10_000,
  ...(tls ? { https: { cert: tls.cert, key: tls.key, minVersion: "TLSv1.2" } } : {}),
});
await app.register(fastifyTRPCPlugin, { prefix: "/v1", trpcOptions: { router } });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
reportReady(
  `${tls ? "https" : "http"}://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
  () => app.close(),
);
