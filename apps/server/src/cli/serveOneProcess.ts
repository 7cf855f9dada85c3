import { startServer } from "../server/startServer.js";
import { cannotStart } from "./cannotStart.js";
import type { CreatedPaths } from "./createdPaths.js";
import { certificateLine, printReady } from "./readyLines.js";
import { reloadTlsOnHangup } from "./reloadTlsOnHangup.js";
import type { ServeConfig } from "./resolveServeConfig.js";
import { say } from "./say.js";
import { serverStopPlan } from "./serverStopPlan.js";
import { stopOnSignals } from "./stopOnSignals.js";

/**
 * `wsafe serve` in one process: starts the server (with its own metrics listener when
 * `--metrics-port` is given), prints the readiness line, stops on SIGTERM/SIGINT within
 * `--shutdown-timeout` (a second signal ends it at once) and reloads
 * `--tls-cert`/`--tls-key` on SIGHUP.
 *
 * @param config - the resolved `serve` options
 * @param created - what this command made (store, certificate), removed when it cannot start
 */
export async function serveOneProcess(config: ServeConfig, created: CreatedPaths): Promise<void> {
  const certificate = certificateLine(config);
  if (certificate) say(certificate);
  const server = await startServer({
    ...config.server,
    metricsPort: config.metricsPort,
    metricsHost: config.metricsHost,
    logger: { level: config.logLevel },
  }).catch(async (error: unknown) => {
    await created.remove();
    return cannotStart(error, config.server.database);
  });
  printReady(config, server.url, server.metricsUrl);
  stopOnSignals(serverStopPlan(server, config.shutdownTimeout), config.shutdownTimeout);
  if (config.tlsFiles) reloadTlsOnHangup(config.tlsFiles, server);
}
