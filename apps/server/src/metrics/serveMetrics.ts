import type { ServerMetrics } from "./createServerMetrics.js";
import { type MetricsServer, startMetricsServer } from "./startMetricsServer.js";

/**
 * Serves one process's metrics at `/metrics` on a listener of its own.
 *
 * @param metrics - the process's metrics
 * @param port - TCP port; 0 picks a free one
 * @param host - interface to listen on
 */
export function serveMetrics(metrics: ServerMetrics, port: number, host: string): Promise<MetricsServer> {
  const { registry } = metrics;
  return startMetricsServer(
    async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
    port,
    host,
  );
}
