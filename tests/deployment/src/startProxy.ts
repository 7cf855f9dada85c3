import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  eventually,
  freePort,
  type ServerProcess,
  startServerProcess,
  testCertificate,
} from "@wsafe/test-support";
import { readProxiedServers } from "./haproxyStats.js";
import { renderTemplate } from "./renderTemplate.js";

/** HAProxy started from `deploy/haproxy.cfg.template`, see {@link startProxy}. */
export interface RunningProxy {
  /** Where clients go, over HTTPS: `https://127.0.0.1:PORT`. */
  url: string;
  /** The PEM certificate it presents, for clients to trust. */
  certificate: string;
  /** Its statistics page (CSV with `;csv`). */
  statsUrl: string;
  /** The running HAProxy; stopped by its PID. */
  process: ServerProcess;
  /** Waits until it has every server `UP`. */
  allUp(): Promise<void>;
}

/**
 * Renders `deploy/haproxy.cfg.template` into `directory` as an operator would, for the
 * servers at `servers` (`host:port`, as many as the template names), and runs Debian's
 * HAProxy with it in the foreground. Resolves once every server is `UP`; if they never
 * are, stops it and says so.
 *
 * @param haproxy - the `haproxy` executable
 * @param directory - a scratch folder for its certificate and configuration
 * @param servers - `WSAFE_SERVER_1`, `_2`... in order
 */
export async function startProxy(
  haproxy: string,
  directory: string,
  servers: string[],
): Promise<RunningProxy> {
  const [proxyPort, statsPort] = await Promise.all([freePort(), freePort()]);
  const pems = await testCertificate();
  await writeFile(join(directory, "proxy.pem"), `${pems.cert}\n${pems.key}\n`, { mode: 0o600 });
  await renderTemplate("haproxy.cfg.template", join(directory, "haproxy.cfg"), {
    WSAFE_PROXY_BIND: `127.0.0.1:${proxyPort}`,
    WSAFE_PROXY_CERT: join(directory, "proxy.pem"),
    WSAFE_PROXY_STATS_BIND: `127.0.0.1:${statsPort}`,
    ...Object.fromEntries(servers.map((server, index) => [`WSAFE_SERVER_${index + 1}`, server])),
  });
  // -db: in the foreground, one process, so that its PID is the one to stop.
  const process = await startServerProcess(["-db", "-f", join(directory, "haproxy.cfg")], {
    command: haproxy,
    name: "haproxy",
    cwd: directory,
    // Ready when it reports every server UP (below), not at a line of its own.
    readyPattern: null,
  });
  const statsUrl = `http://127.0.0.1:${statsPort}/stats`;
  const allUp = () =>
    eventually(
      async () => {
        const states = await readProxiedServers(statsUrl).catch(() => []);
        return states.length === servers.length && states.every((server) => server.status === "UP");
      },
      "HAProxy has every server UP",
      { timeoutMs: 60_000, intervalMs: 100 },
    );
  try {
    await allUp();
  } catch (error) {
    await process.stop("SIGTERM", 15_000);
    throw new Error(`${(error as Error).message}\n--- haproxy:\n${process.output().slice(-2000)}`);
  }
  return { url: `https://127.0.0.1:${proxyPort}`, certificate: pems.cert, statsUrl, process, allUp };
}
