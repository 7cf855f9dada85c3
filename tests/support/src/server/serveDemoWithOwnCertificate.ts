import { cp } from "node:fs/promises";
import { join } from "node:path";
import { createScratchDirectory } from "../databases/createScratchDirectory.js";
import { pgliteStoreTemplate } from "../databases/storeTemplates.js";
import { serveCli } from "./serveCli.js";
import type { ServerProcess } from "./startServerProcess.js";

/** A demo server that made its own certificate, as `npm start` does, and where that certificate is. */
export interface DemoWithOwnCertificate {
  server: ServerProcess;
  /** The certificate's path, as `wsafe serve` printed it: what `NODE_EXTRA_CA_CERTS` names. */
  certPath: string;
  /** Stops the server and removes its scratch directory. */
  stop(): Promise<void>;
}

/**
 * Starts `wsafe serve --demo` on a free port and an embedded store as `npm start` runs
 * it: with no certificate given, it makes a self-signed one under its working directory
 * (a scratch directory here) and prints the path, which a reader then trusts with
 * `NODE_EXTRA_CA_CERTS`. For tests of what a stranger meets over HTTPS. The store is a
 * copy of the demo template (`pgliteStoreTemplate`), so the server finds the demo there
 * instead of making a store and importing it (seconds of CPU each time).
 *
 * @param label - names the scratch directory
 * @example
 * import { serveDemoWithOwnCertificate } from "@wsafe/test-support";
 * const demo = await serveDemoWithOwnCertificate("docs-paging");
 * spawnSync("node", [script], { env: { ...process.env, NODE_EXTRA_CA_CERTS: demo.certPath } });
 * await demo.stop();
 */
export async function serveDemoWithOwnCertificate(label: string): Promise<DemoWithOwnCertificate> {
  const scratch = await createScratchDirectory(label);
  let server: ServerProcess;
  try {
    const database = join(scratch.path, "data");
    const template = await pgliteStoreTemplate("demo");
    if (template) await cp(template, database, { recursive: true });
    server = await serveCli(["--demo", "--port", "0", "--database", database], { cwd: scratch.path });
  } catch (error) {
    await scratch.remove();
    throw error;
  }
  const stop = async () => {
    await server.stop();
    await scratch.remove();
  };
  const certPath = /self-signed certificate for localhost: (\S+)/.exec(server.output())?.[1];
  if (certPath === undefined) {
    await stop();
    throw new Error(`wsafe serve --demo printed no certificate path:\n${server.output()}`);
  }
  return { server, certPath, stop };
}
