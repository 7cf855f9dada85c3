import { Command, Option } from "commander";
import { databaseOption, fail, portNumber } from "./cli/cliArguments.js";
import { describeError } from "./cli/describeError.js";
import { importSummaryLine } from "./cli/importSummaryLine.js";
import { migrationLines } from "./cli/migrationLines.js";
import { say } from "./cli/say.js";
import { serveCommand } from "./cli/serveCommand.js";
import type { ImportSummary } from "./import/importDataset.js";
import { databaseKind } from "./store/database/databaseKind.js";
import type { Store } from "./store/Store.js";
import { buildVersion, describeVersion } from "./version/buildVersion.js";

// Each command loads what it runs, in its action: the store, the import, the metrics and
// the server cost a process start over 1 s of CPU together, which `--help`, `--version`
// and a mistyped flag should not pay (nor a test suite spawning hundreds of commands).

async function withStore<T>(database: string, work: (store: Store) => Promise<T>): Promise<T> {
  let store: Store;
  try {
    const { openStore } = await import("./store/openStore.js");
    store = await openStore(database);
  } catch (error) {
    fail(describeError(error, database));
  }
  for (const line of migrationLines(store.migrations)) say(line);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

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

const tokens = program.command("tokens").description("Create and revoke API tokens.");
tokens
  .command("create")
  .description("Issue a token for an account; prints it once (only its hash is stored).")
  .requiredOption("--account <ID>", "the account the token belongs to")
  .option("--write", "grant write permission besides read")
  .addOption(databaseOption())
  .action(async (options: { account: string; write?: boolean; database: string }) => {
    try {
      const token = await withStore(options.database, (store) =>
        store.createToken(options.account, options.write ? ["read", "write"] : ["read"]),
      );
      console.log(token);
    } catch (error) {
      fail(describeError(error, options.database));
    }
  });
tokens
  .command("revoke")
  .description("Deactivate a token: it then answers token_inactive.")
  .argument("<TOKEN>", "the token's secret")
  .addOption(databaseOption())
  .action(async (token: string, options: { database: string }) => {
    const done = await withStore(options.database, (store) => store.revokeToken(token));
    if (!done) fail("no such token");
    console.log("token revoked");
  });

program
  .command("accounts")
  .description("Manage accounts.")
  .command("deactivate")
  .description("Deactivate an account: its tokens then answer account_inactive.")
  .argument("<ID>", "the account id")
  .addOption(databaseOption())
  .action(async (id: string, options: { database: string }) => {
    const done = await withStore(options.database, (store) => store.deactivateAccount(id));
    if (!done) fail(`no such account: ${id}`);
    console.log(`account ${id} deactivated`);
  });

await program.parseAsync(process.argv);
