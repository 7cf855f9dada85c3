import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { serverDirectory } from "./serverDirectory.js";

/** A server started in this process, as `startServer` of `@wsafe/server` returns it. */
export interface InProcessServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The part of the built `@wsafe/server` the suites use, typed here so this package
 * needs no dependency on the server (the server's own tests depend on this package).
 */
export interface ServerModule {
  startServer(options: Record<string, unknown>): Promise<InProcessServer>;
  /** The demo dataset's tokens by role, e.g. `demoTokens.read`. */
  demoTokens: Readonly<Record<"read" | "write" | "revoked" | "inactiveAccount" | "otherAccount", string>>;
  openStore(database: string): Promise<{ close(): Promise<void> }>;
  importDataset(store: { close(): Promise<void> }, dataset: unknown): Promise<unknown>;
}

/** What {@link loadServer} found: the module, or why the suites that need it skip. */
export type LoadedServer =
  | { server: ServerModule; skipped?: undefined }
  | { server?: undefined; skipped: string };

/**
 * Imports the built server (`dist/index.js`) into this process, or says - loudly, on
 * stderr - why it cannot, so a suite skips rather than passing quietly while the
 * server is not built.
 *
 * @param suite - who asks, for the warning ("@wsafe/client: real-server tests")
 * @param directory - the server's folder; default the workspace's (see `serverDirectory`)
 * @example
 * import { loadServer } from "@wsafe/test-support";
 * const { server, skipped } = await loadServer("@wsafe/client: real-server tests");
 * describe.skipIf(!server)("against the real server", () => {});
 */
export async function loadServer(suite: string, directory?: string): Promise<LoadedServer> {
  const entry = join(serverDirectory(directory), "dist", "index.js");
  let skipped: string;
  if (!existsSync(entry)) skipped = `${entry} is not built: run \`pnpm --filter @wsafe/server build\``;
  else {
    try {
      const server = (await import(pathToFileURL(entry).href)) as ServerModule;
      if (typeof server.startServer === "function") return { server };
      skipped = `${entry} exports no startServer`;
    } catch (error) {
      skipped = `${entry} did not load (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  console.warn(`\n!!! ${suite} SKIPPED: ${skipped}\n`);
  return { skipped };
}
