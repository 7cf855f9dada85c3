import { freePort, type ServerProcess, startServerProcess } from "@wsafe/test-support";
import { ecosystemDir, toolBin } from "./paths.js";

/** Prism running as a validating proxy in front of a server. */
export interface PrismProxy {
  /** The proxy's base URL. */
  url: string;
  process: ServerProcess;
}

/**
 * Starts `prism proxy` with a document in front of an upstream server, on a free port,
 * through the shared launcher of `@wsafe/test-support`. Without `--errors` it forwards
 * every request and reports what breaks the document in the `sl-violations` header of
 * the answer, which the suite reads.
 *
 * @param document - the OpenAPI file
 * @param upstream - the server's base URL
 */
export async function startPrismProxy(document: string, upstream: string): Promise<PrismProxy> {
  const port = await freePort();
  const process = await startServerProcess(
    ["proxy", document, upstream, "--host", "127.0.0.1", "--port", String(port)],
    {
      command: toolBin("prism"),
      readyPattern: /Prism is listening on (http:\/\/\S+)/,
      cwd: ecosystemDir,
      env: { FORCE_COLOR: "0" },
    },
  );
  return { url: process.url, process };
}
