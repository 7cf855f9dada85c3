// Runs the wsafe server in its own process, so that the bench can read that process's
// memory (peak RSS) and load it from yet another process.
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { childOptions, reportReady } from "./childIpc.mjs";
import { acceptProfilingRequests } from "./cpuProfiler.mjs";
import { importOnRequest } from "./importOnRequest.mjs";

const options = childOptions();
const { startServer } = await import(serverLocation().entryUrl);
const server = await startServer({ port: 0, host: "127.0.0.1", logger: false, ...options });
acceptProfilingRequests();
// Asked for by the fan-out workload only; an older build without `storeOf` serves the rest.
importOnRequest(async () =>
  (await import(new URL("./testing.js", serverLocation().entryUrl).href)).storeOf(server),
);
reportReady(server.url, () => server.close());
