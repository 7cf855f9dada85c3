/**
 * The /v1 wsafe workplace-safety Web API service: start it, fill its store, make demo data.
 *
 * @example
 * import { startServer, demoTokens } from "@wsafe/server";
 * const server = await startServer({ port: 0, database: "memory://", demo: true });
 * const body = await (await fetch(`${server.url}/v1/resources.list`, {
 *   method: "POST",
 *   body: JSON.stringify({ token: demoTokens.read }),
 * })).json();
 * await server.close();
 *
 * @example
 * // The same methods through tRPC, typed end to end (served at /trpc):
 * import { createTRPCClient, httpBatchLink } from "@trpc/client";
 * import type { AppRouter } from "@wsafe/server";
 * const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${server.url}/trpc` })] });
 * const { resources } = await client["resources.list"].query({ token: demoTokens.read });
 *
 * @packageDocumentation
 */
export { createDemoDataset, type DemoDatasetOptions } from "./demo/createDemoDataset.js";
export { demoTokens } from "./demo/demoTokens.js";
export { ApiError } from "./errors/ApiError.js";
export { type ImportOptions, type ImportSummary, importDataset } from "./import/importDataset.js";
export { defaultRateLimit, type RateLimit } from "./rateLimit/RateLimiter.js";
export { PortInUseError, type PortListener } from "./server/PortInUseError.js";
export type { RunningServer, ServerOptions } from "./server/ServerOptions.js";
export { type ShutdownHolders, ShutdownTimeoutError } from "./server/ShutdownTimeoutError.js";
export { defaultShutdownTimeoutMs, startServer } from "./server/startServer.js";
export { DatasetError } from "./store/dataset/DatasetError.js";
export { defaultDatabase, openStore, type StoreOptions } from "./store/openStore.js";
export type { Store } from "./store/Store.js";
export type { AppRouter } from "./trpc/appRouter.js";
export type { TrpcErrorData, TrpcErrorShape } from "./trpc/formatTrpcError.js";
