import { freePort } from "./freePort.js";
import { ecosystemDir, toolBin } from "./paths.js";
import { type RunningProcess, startProcess } from "./startProcess.js";

/** Prism running as a validating proxy in front of a server. */
export interface PrismProxy {
  /** The proxy's base URL. */
  url: string;
  process: RunningProcess;
}

/**
 * Starts `prism proxy` with a document in front of an upstream server, on a free port.
 * Without `--errors` it forwards every request and reports what breaks the document
 * in the `sl-violations` header of the answer, which the suite reads.
 *
 * @param document - the OpenAPI file
 * @param upstream - the server's base URL
 */
export async function startPrismProxy(document: string, upstream: string): Promise<PrismProxy> {
  const port = await freePort();
  const process = await startProcess(
    toolBin("prism"),
    ["proxy", document, upstream, "--host", "127.0.0.1", "--port", String(port)],
    /Prism is listening on (http:\/\/\S+)/,
    { cwd: ecosystemDir },
  );
  return { url: process.ready[1]!, process };
}
