import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** The exposition to serve: its text and its content type. */
export type RenderMetrics = () => Promise<{ contentType: string; body: string }>;

/** A running metrics listener. */
export interface MetricsServer {
  /** e.g. `http://127.0.0.1:9464/metrics` */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The path Prometheus scrapes. */
export const metricsPath = "/metrics";

/**
 * Serves `GET /metrics` in Prometheus text format over plain HTTP, on a listener of its
 * own: the API's port never answers it, so metrics are only reachable where the
 * operator opened `--metrics-port` (127.0.0.1 unless `--metrics-host` says otherwise).
 * Anything else is 404.
 *
 * @param render - builds the exposition at each scrape
 * @param port - TCP port; 0 picks a free one
 * @param host - interface to listen on
 */
export async function startMetricsServer(
  render: RenderMetrics,
  port: number,
  host: string,
): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (path !== metricsPath || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("not found\n");
      return;
    }
    render().then(
      ({ contentType, body }) => {
        response.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" });
        response.end(request.method === "HEAD" ? undefined : body);
      },
      () => {
        // A scrape that fails shows as a failed scrape (`up` 0), never as a partial one.
        response.writeHead(503, { "Content-Type": "text/plain; charset=utf-8" }).end("metrics unavailable\n");
      },
    );
  });
  // A scraper keeps its connection; a stop must not wait for it.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${bound}${metricsPath}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
