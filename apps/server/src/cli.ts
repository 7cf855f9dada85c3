import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Dataset, defaultHeaderPrefix } from "@wsafe/schema";
import { Command, InvalidArgumentError, Option } from "commander";
import { demoCurlLines } from "./cli/demoCurlLines.js";
import { importProgress } from "./cli/importProgress.js";
import { parseRateLimit } from "./cli/parseRateLimit.js";
import { demoTokens } from "./demo/demoTokens.js";
import { defaultHstsMaxAge } from "./http/strictTransportSecurity.js";
import { defaultRateLimit } from "./rateLimit/RateLimiter.js";
import { ShutdownTimeoutError } from "./server/ShutdownTimeoutError.js";
import { startServer } from "./server/startServer.js";
import { DatasetError } from "./store/DatasetError.js";
import { importParsedDataset } from "./store/importDataset.js";
import { defaultDatabase, openStore } from "./store/openStore.js";
import { parseDataset } from "./store/parseDataset.js";
import type { Store } from "./store/Store.js";
import { ensureSelfSignedCertificate } from "./tls/createSelfSignedCertificate.js";

// The docs site built beside this package in the repository, served by default.
const repositoryDocs = fileURLToPath(new URL("../../docs/dist/", import.meta.url));

// Boolean flags from the environment: only a clear yes turns them on, so WSAFE_HTTP=0 stays off.
const envFlag = (name: string) => /^(1|true|yes|on)$/i.test(process.env[name] ?? "");

const port = (value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535)
    throw new InvalidArgumentError("expected a port number");
  return number;
};

const seconds = (value: string) => {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0)
    throw new InvalidArgumentError("expected a number of seconds above 0");
  return number;
};

const wholeSeconds = (value: string) => {
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number))
    throw new InvalidArgumentError("expected a whole number of seconds");
  return number;
};

const databaseOption = () =>
  new Option("--database <D>", "postgres://... URL, or a directory for the embedded store")
    .env("WSAFE_DATABASE")
    .default(defaultDatabase);

async function withStore<T>(database: string, work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(database);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** How long past its stop deadline the process waits for the stop itself before it exits anyway. */
const STOP_GRACE_MS = 5_000;

function fail(message: string): never {
  console.error(`wsafe: ${message}`);
  process.exit(1);
}

const program = new Command("wsafe")
  .description("The /v1 workplace-safety Web API: serve it, import data, manage tokens.")
  .showHelpAfterError();

program
  .command("serve")
  .description("Serve the /v1 API over HTTPS (plain HTTP with --http).")
  .addOption(
    new Option("--port <N>", "TCP port (0: any free port)").env("WSAFE_PORT").default(8443).argParser(port),
  )
  .addOption(new Option("--host <HOST>", "interface to listen on").env("WSAFE_HOST").default("127.0.0.1"))
  .addOption(databaseOption())
  .addOption(
    new Option(
      "--listen-database <URL>",
      "postgres://... reaching the database directly, for LISTEN, when --database goes through PgBouncer (transaction mode)",
    ).env("WSAFE_LISTEN_DATABASE"),
  )
  .addOption(
    new Option("--tls-cert <F>", "certificate file (PEM); default: a self-signed one for localhost").env(
      "WSAFE_TLS_CERT",
    ),
  )
  .addOption(new Option("--tls-key <F>", "private key file (PEM) of --tls-cert").env("WSAFE_TLS_KEY"))
  .option(
    "--hsts",
    "send Strict-Transport-Security, so browsers use only HTTPS for this host (env WSAFE_HSTS=1)",
  )
  .addOption(
    new Option("--hsts-max-age <SECONDS>", "max-age of --hsts")
      .env("WSAFE_HSTS_MAX_AGE")
      .default(defaultHstsMaxAge)
      .argParser(wholeSeconds),
  )
  .option("--http", "serve plain HTTP, for deployments behind a TLS-terminating proxy (env WSAFE_HTTP=1)")
  .addOption(
    new Option("--rate-limit <N/Ws>", "N requests per W seconds per token")
      .env("WSAFE_RATE_LIMIT")
      .default("600/60s"),
  )
  .addOption(
    new Option("--redis <URL>", "redis://... to share rate limits between processes").env("WSAFE_REDIS"),
  )
  .option("--demo", "import the demo dataset into an empty store and print a demo token (env WSAFE_DEMO=1)")
  .addOption(
    new Option("--docs-dir <DIR>", "built documentation site to serve beside the API").env("WSAFE_DOCS_DIR"),
  )
  .addOption(
    new Option("--header-prefix <P>", "prefix of the -Request-ID/-Response-Time headers")
      .env("WSAFE_HEADER_PREFIX")
      .default(defaultHeaderPrefix),
  )
  .addOption(
    new Option("--cors-origin <O>", "Access-Control-Allow-Origin").env("WSAFE_CORS_ORIGIN").default("*"),
  )
  .addOption(
    new Option(
      "--shutdown-timeout <S>",
      "seconds that in-flight requests get after SIGTERM/SIGINT; past them the server exits 1",
    )
      .env("WSAFE_SHUTDOWN_TIMEOUT")
      .default(30)
      .argParser(seconds),
  )
  .action(async (options) => {
    const http = Boolean(options.http) || envFlag("WSAFE_HTTP");
    const demo = Boolean(options.demo) || envFlag("WSAFE_DEMO");
    let rateLimit = defaultRateLimit;
    try {
      rateLimit = parseRateLimit(options.rateLimit);
    } catch (error) {
      fail((error as Error).message);
    }
    if (Boolean(options.tlsCert) !== Boolean(options.tlsKey)) fail("--tls-cert and --tls-key go together");
    let tls: { cert: string; key: string } | undefined;
    let selfSigned = false;
    if (!http) {
      if (options.tlsCert) {
        tls = { cert: await readFile(options.tlsCert, "utf8"), key: await readFile(options.tlsKey, "utf8") };
      } else {
        const files = await ensureSelfSignedCertificate(resolve(".wsafe/tls"));
        tls = { cert: files.cert, key: files.key };
        selfSigned = true;
        console.log(`self-signed certificate for localhost: ${files.certPath}`);
      }
    }
    const docsDir = options.docsDir ?? (existsSync(repositoryDocs) ? repositoryDocs : undefined);
    const server = await startServer({
      port: options.port,
      host: options.host,
      database: options.database,
      listenDatabase: options.listenDatabase,
      http,
      tls,
      rateLimit,
      redisUrl: options.redis,
      headerPrefix: options.headerPrefix,
      corsOrigin: options.corsOrigin,
      docsDir: docsDir ?? false,
      hstsMaxAge: options.hsts || envFlag("WSAFE_HSTS") ? options.hstsMaxAge : undefined,
      demo,
      shutdownTimeoutMs: options.shutdownTimeout * 1000,
      logger: true,
    }).catch((error: Error) => fail(`cannot start: ${error.message}`));
    if (docsDir) console.log(`documentation: ${server.url}/ (from ${docsDir})`);
    if (demo) {
      console.log(`demo token (read): ${demoTokens.read}`);
      console.log("try:");
      for (const line of demoCurlLines(server.url, selfSigned)) console.log(`  ${line}`);
    }
    console.log(`listening on ${server.url}`);
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal}: finishing in-flight requests (at most ${options.shutdownTimeout} s)`);
      // Whatever holds the stop itself up (a store that never closes, a stuck write),
      // the process still ends, shortly after the deadline.
      setTimeout(
        () => {
          console.error(`wsafe: still stopping ${STOP_GRACE_MS / 1000} s after the stop deadline; exiting`);
          process.exit(1);
        },
        options.shutdownTimeout * 1000 + STOP_GRACE_MS,
      ).unref();
      server.close().then(
        () => process.exit(0),
        (error: Error) => {
          console.error(
            `wsafe: ${error instanceof ShutdownTimeoutError ? "" : "error while stopping: "}${error.message}`,
          );
          process.exit(1);
        },
      );
    };
    process.on("SIGTERM", () => stop("SIGTERM"));
    process.on("SIGINT", () => stop("SIGINT"));
  });

program
  .command("import")
  .description("Import a dataset file (all or nothing; existing ids are updated).")
  .argument("<FILE>", "dataset JSON file")
  .addOption(databaseOption())
  .action(async (file: string, options: { database: string }) => {
    let dataset: Dataset;
    try {
      let document: unknown;
      try {
        document = JSON.parse((await readFile(file, "utf8")).replace(/^\uFEFF/, ""));
      } catch (error) {
        fail(`cannot read ${file}: ${(error as Error).message}`);
      }
      // The schema check needs no store: an invalid file fails before the database is even opened.
      dataset = parseDataset(document);
    } catch (error) {
      if (error instanceof DatasetError) fail(`${file}: ${error.message}\nnothing was imported`);
      throw error;
    }
    try {
      const summary = await withStore(options.database, (store) =>
        // Progress on stderr, so stdout stays the summary.
        importParsedDataset(store, dataset, { onProgress: importProgress(process.stderr) }),
      );
      console.log(
        `imported ${Object.entries(summary)
          .map(([kind, count]) => `${count} ${kind}`)
          .join(", ")}`,
      );
    } catch (error) {
      if (error instanceof DatasetError) fail(`${file}: ${error.message}\nnothing was imported`);
      fail(`import failed, nothing was imported: ${(error as Error).message}`);
    }
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
      fail((error as Error).message);
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
