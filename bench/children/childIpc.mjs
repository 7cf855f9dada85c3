// The protocol between the bench and a server it runs in a child process: the child
// gets its options as JSON in argv[2], prints the readiness line `listening on <url>`
// (what the shared launcher of @wsafe/test-support waits for) once it listens, and
// closes itself on `{ type: "close" }` over IPC or when the bench goes away.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The options the bench passed. The certificate travels as a directory (`tlsDir`) and
 * is read here, so that no key ever shows in a process list; it comes back as `tls`.
 *
 * @returns {any}
 */
export function childOptions() {
  const { tlsDir, ...options } = JSON.parse(process.argv[2] ?? "{}");
  if (tlsDir) {
    options.tls = {
      cert: readFileSync(join(tlsDir, "cert.pem"), "utf8"),
      key: readFileSync(join(tlsDir, "key.pem"), "utf8"),
    };
  }
  return options;
}

/**
 * Tells the bench where the server listens, and wires the ways to stop it.
 *
 * @param {string} url
 * @param {() => Promise<void>} close
 */
export function reportReady(url, close) {
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await close().catch(() => {});
    process.exit(0);
  };
  process.on("message", (message) => {
    if (/** @type {any} */ (message)?.type === "close") void stop();
  });
  process.on("disconnect", () => void stop());
  console.log(`listening on ${url}`);
}
