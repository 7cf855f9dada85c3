import cluster from "node:cluster";
import { Command } from "commander";
import { ensurePortFree } from "../server/ensurePortFree.js";
import { databaseKind } from "../store/database/databaseKind.js";
import { cannotStart } from "./cannotStart.js";
import { createdPaths } from "./createdPaths.js";
import { resolveServeConfig, type ServeCliOptions, selfSignedDirectory } from "./resolveServeConfig.js";
import { serveOptions } from "./serveOptions.js";

/**
 * `wsafe serve`: its options (each with its `WSAFE_*` variable, see {@link serveOptions}) and what runs them.
 *
 * @returns the command, for `program.addCommand`
 */
export function serveCommand(): Command {
  const command = new Command("serve").description("Serve the /v1 API over HTTPS (plain HTTP with --http).");
  for (const option of serveOptions()) command.addOption(option);
  return command.action(serve);
}

/** Starts the server as the options say: one process, the primary of `--workers`, or one of its workers. */
async function serve(options: ServeCliOptions & { workers: number }): Promise<void> {
  // A worker runs this same command line, forked by the primary, and listens through
  // the primary's handle: only the primary looks at the ports, before it makes anything.
  // The server's modules are loaded here, not with the command line: `wsafe --help`,
  // `--version` and the store's commands start without them (~1 s of CPU less each).
  if (cluster.isWorker)
    return (await import("./cluster/serveWorker.js")).serveWorker(await resolveServeConfig(options));
  await ensurePortFree(options.port, options.host, "api").catch(cannotStart);
  if (options.metricsPort !== undefined)
    await ensurePortFree(options.metricsPort, options.metricsHost, "metrics").catch(cannotStart);
  // What a failed start removes again: the store's directory and the self-signed
  // certificate's, when this command is the one that makes them.
  const created = createdPaths([
    ...(databaseKind(options.database) === "directory" ? [options.database] : []),
    ...(options.tlsCert ? [] : [selfSignedDirectory()]),
  ]);
  const config = await resolveServeConfig(options);
  if (options.workers > 1)
    await (await import("./cluster/serveWorkers.js")).serveWorkers(config, options.workers, created);
  else await (await import("./serveOneProcess.js")).serveOneProcess(config, created);
}
