import { dirname } from "node:path";
import { createPgliteDatabase, serveCli, startTestServer } from "@wsafe/test-support";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The base URL of the `wsafe serve --demo` every file talks to. */
    serverUrl: string;
  }
}

/**
 * Starts one demo server for every file of the run, and stops it at the end: the real
 * server as an operator runs it, `wsafe serve --demo` on a fresh embedded store (a copy
 * of the demo template: the server finds the demo in it and imports nothing), plain
 * HTTP on a free port of 127.0.0.1 (the tools under test then need no certificate),
 * and a rate limit no run of the suite reaches.
 */
export default async function setup(project: TestProject) {
  const demo = await startTestServer({
    createDatabase: () => createPgliteDatabase("ecosystem", { template: "demo" }),
    start: (database) =>
      serveCli(
        [
          "--demo",
          "--http",
          "--host",
          "127.0.0.1",
          "--port",
          "0",
          "--database",
          database,
          "--rate-limit",
          "100000/60s",
        ],
        // `wsafe serve` keeps its files under ./.wsafe: in the scratch directory, never the checkout.
        { cwd: dirname(database) },
      ),
    stop: (server) => server.stop(),
  });
  project.provide("serverUrl", demo.url);
  return () => demo.stop();
}
