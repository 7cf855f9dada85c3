// The protocol between the bench and a server it runs in a child process: the child
// gets its options as JSON in argv[2], answers `{ type: "ready", url }` once it
// listens, and closes itself on `{ type: "close" }` or when the bench goes away.

/** @returns {any} the options the bench passed */
export function childOptions() {
  return JSON.parse(process.argv[2] ?? "{}");
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
  process.send?.({ type: "ready", url });
}
