import type { RunningServer } from "../server/ServerOptions.js";
import { readTlsFiles } from "../tls/readTlsFiles.js";

/**
 * Reads `--tls-cert` and `--tls-key` again on each SIGHUP and serves them from the next
 * TLS handshake on, so a renewed certificate (certbot, an ACME client, a secret mount)
 * goes live without a restart or a dropped connection: `systemctl reload` or `kill -HUP`.
 * Files that cannot be served (missing, swapped, a key of another certificate) leave the
 * previous certificate in place and log an error naming the fault. Only a server given
 * certificate files takes SIGHUP over; without them SIGHUP stops the process, as Node's
 * default does.
 *
 * @param files - the paths given at start
 * @param server - the running server: its `reloadTls` and its log
 */
export function reloadTlsOnHangup(
  files: { certFile: string; keyFile: string },
  server: Pick<RunningServer, "reloadTls" | "log">,
): void {
  let reloading = Promise.resolve();
  process.on("SIGHUP", () => {
    // One after the other: two quick signals must not finish in the wrong order.
    reloading = reloading.then(async () => {
      try {
        server.reloadTls(await readTlsFiles(files.certFile, files.keyFile));
      } catch (error) {
        server.log.error(
          { certFile: files.certFile, keyFile: files.keyFile, reason: (error as Error).message },
          "TLS certificate not reloaded: still serving the previous one",
        );
      }
    });
  });
}
