// Runs the wsafe server in its own process, so that the bench can read that process's
// memory (peak RSS) and load it from yet another process.
import { pathToFileURL } from "node:url";
import { childOptions, reportReady } from "./childIpc.mjs";
import { acceptProfilingRequests } from "./cpuProfiler.mjs";

const options = childOptions();
// WSAFE_BENCH_SERVER_ENTRY lets the bench run against another build of the server.
const entry = process.env.WSAFE_BENCH_SERVER_ENTRY
  ? pathToFileURL(process.env.WSAFE_BENCH_SERVER_ENTRY).href
  : "@wsafe/server";
const { startServer } = await import(entry);
const server = await startServer({ port: 0, host: "127.0.0.1", logger: false, ...options });
acceptProfilingRequests();
reportReady(server.url, () => server.close());
