import { demoTokens } from "../demo/demoTokens.js";
import { startServer } from "../server/startServer.js";
import { cannotStart } from "./cannotStart.js";
import type { CreatedPaths } from "./createdPaths.js";
import { demoCurlLines } from "./demoCurlLines.js";
import type { ServeConfig } from "./resolveServeConfig.js";
import { stopOnSignals } from "./stopOnSignals.js";

/**
 * Prints what a caller needs once the service listens: the docs site, the demo tokens
 * and `curl` lines with `--demo`, the metrics URL, then the readiness line
 * `listening on URL`, always last and printed once.
 *
 * @param config - the resolved `serve` options
 * @param url - where the API listens
 * @param metricsUrl - where `/metrics` is served, if anywhere
 */
export function printReady(config: ServeConfig, url: string, metricsUrl: string | undefined): void {
  if (config.docsDir) console.log(`documentation: ${url}/ (from ${config.docsDir})`);
  if (config.server.demo) {
    console.log(`demo token (read): ${demoTokens.read}`);
    // The third curl line writes with it: the data changes while the server runs.
    console.log(`demo token (write): ${demoTokens.write}`);
    console.log("try:");
    for (const line of demoCurlLines(url, config.selfSignedCertPath !== undefined)) console.log(`  ${line}`);
  }
  if (metricsUrl) console.log(`metrics on ${metricsUrl}`);
  console.log(`listening on ${url}`);
}

/**
 * `wsafe serve` in one process: starts the server (with its own metrics listener when
 * `--metrics-port` is given), prints the readiness line, stops on SIGTERM/SIGINT.
 *
 * @param config - the resolved `serve` options
 * @param created - what this command made (store, certificate), removed when it cannot start
 */
export async function serveOneProcess(config: ServeConfig, created: CreatedPaths): Promise<void> {
  if (config.selfSignedCertPath)
    console.log(`self-signed certificate for localhost: ${config.selfSignedCertPath}`);
  const server = await startServer({
    ...config.server,
    metricsPort: config.metricsPort,
    metricsHost: config.metricsHost,
    logger: true,
  }).catch(async (error: unknown) => {
    await created.remove();
    return cannotStart(error);
  });
  printReady(config, server.url, server.metricsUrl);
  stopOnSignals(() => server.close(), config.shutdownTimeout);
}
