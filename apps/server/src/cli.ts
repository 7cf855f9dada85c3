import { Command, Option } from "commander";
import { accountsCommand } from "./cli/accountsCommand.js";
import { databaseOption, fail, portNumber } from "./cli/cliArguments.js";
import { importSummaryLine } from "./cli/importSummaryLine.js";
import { serveCommand } from "./cli/serveCommand.js";
import { tokensCommand } from "./cli/tokensCommand.js";
import type { ImportSummary } from "./import/importDataset.js";
import { databaseKind } from "./store/database/databaseKind.js";
import { buildVersion, describeVersion } from "./version/buildVersion.js";

// Each command loads what it runs, in its action: the store, the import, the metrics and
// the server cost a process start over 1 s of CPU together, which `--help`, `--version`
// and a mistyped flag should not pay (nor a test suite spawning hundreds of commands).

const program = new Command("wsafe")
  .description("The /v1 workplace-safety Web API: serve it, import data, manage tokens.")
  // The version operators and bug reports ask for first; commander's usual flags. A build
  // that carries changes no release holds says so (see buildVersion).
  .version(describeVersion(buildVersion()), "-V, --version", "print the version of @wsafe/server")
  .showHelpAfterError();

// Every command that takes --database (flag or WSAFE_DATABASE) has it checked here, before
// its action creates anything: a mistyped scheme must not become a new store directory.
program.hook("preAction", (_program, command) => {
  const { database } = command.opts<{ database?: string }>();
  if (database === undefined) return;
  try {
    databaseKind(database);
  } catch (error) {
    fail((error as Error).message);
  }
});

program.addCommand(serveCommand());

program
  .command("import")
  .description("Import a dataset file (all or nothing; existing ids are updated).")
  .argument("<FILE>", "dataset JSON file")
  .addOption(databaseOption())
  .addOption(
    new Option(
      "--metrics-port <N>",
      "serve Prometheus metrics at /metrics while importing (import progress); default: off",
    ).argParser(portNumber),
  )
  .addOption(new Option("--metrics-host <HOST>", "interface of the metrics listener").default("127.0.0.1"))
  .action(async (file: string, options: { database: string; metricsPort?: number; metricsHost: string }) => {
    // Only a long import is worth watching from Prometheus: the listener lives as long as the import.
    const metrics =
      options.metricsPort === undefined
        ? undefined
        : (await import("./metrics/createServerMetrics.js")).createServerMetrics();
    const metricsServer =
      metrics &&
      (await (
        await import("./metrics/serveMetrics.js")
      ).serveMetrics(metrics, options.metricsPort!, options.metricsHost));
    if (metricsServer) process.stderr.write(`metrics on ${metricsServer.url}\n`);
    let summary: ImportSummary;
    try {
      const { runImport } = await import("./cli/runImport.js");
      summary = await runImport(file, options.database, metrics?.imports);
    } catch (error) {
      await metricsServer?.close();
      fail((error as Error).message);
    }
    await metricsServer?.close();
    console.log(importSummaryLine(summary));
  });

program.addCommand(tokensCommand());
program.addCommand(accountsCommand());

await program.parseAsync(process.argv);
