// The second peer of the fan-out workload (issue 38 goal 6): stock tRPC 11 on its Fastify
// adapter, as its documentation sets a subscription up - one router, an async generator
// per stream yielding each event `tracked()` by its id - fed from the same rows as the
// https peer (`fanoutSource.mjs`), with pings as wsafe's. It writes the same frames as
// wsafe and shows what tRPC's Server-Sent Events producer costs a frame by itself, with
// none of wsafe's checks, feed or limits.
import { initTRPC, tracked } from "@trpc/server";
import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify from "fastify";
import { childOptions, reportReady } from "./childIpc.mjs";
import { followRecordedEvents } from "./fanoutSource.mjs";

const { tls, database, tokens } = childOptions();
/** token -> account, as the bench made them. @type {Map<string, string>} */
const accountOf = new Map(Object.entries(tokens));
/** account -> the queues of its open streams. @type {Map<string, Set<{ push: (records: any[]) => void }>>} */
const streams = new Map();

const source = await followRecordedEvents(
  database,
  (account) => (streams.get(account)?.size ?? 0) > 0,
  (account, records) => {
    for (const stream of streams.get(account) ?? []) stream.push(records);
  },
);

const t = initTRPC.create({
  sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 45_000 } },
});
const router = t.router({
  events: t.router({
    stream: t.procedure
      .input((/** @type {any} */ raw) => ({ token: String(raw?.token ?? "") }))
      .subscription(async function* ({ input, signal }) {
        const account = accountOf.get(input.token);
        if (!account) throw new Error("token_invalid");
        /** @type {any[]} */
        let queue = [];
        /** @type {(() => void) | undefined} */
        let wake;
        const stream = {
          push(/** @type {any[]} */ records) {
            queue.push(...records);
            wake?.();
          },
        };
        const open = streams.get(account) ?? new Set();
        open.add(stream);
        streams.set(account, open);
        signal?.addEventListener("abort", () => wake?.());
        try {
          while (!signal?.aborted) {
            if (queue.length === 0) {
              await new Promise((resolve) => {
                wake = () => resolve(undefined);
              });
              continue;
            }
            const records = queue;
            queue = [];
            for (const record of records) yield tracked(record.id, record);
          }
        } finally {
          open.delete(stream);
        }
      }),
  }),
});

const app = Fastify({ logger: false, https: { cert: tls.cert, key: tls.key, minVersion: "TLSv1.2" } });
await app.register(fastifyTRPCPlugin, { prefix: "/trpc", trpcOptions: { router } });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = /** @type {import("node:net").AddressInfo} */ (app.server.address());
reportReady(`https://127.0.0.1:${address.port}`, async () => {
  await app.close();
  await source.close();
});
