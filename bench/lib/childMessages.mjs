// Messages of a child process the bench forked (not a server: the fan-out's readers), one
// of a type at a time, with a bound on the wait.

/**
 * Messages of a forked child, one of a type at a time.
 *
 * @param {import("node:child_process").ChildProcess} child
 * @param {string} type
 * @param {number} timeoutMs
 */
export function nextMessage(child, type, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off("message", listen);
      reject(new Error(`no ${type} message in ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const listen = (/** @type {any} */ message) => {
      if (message?.type !== type) return;
      clearTimeout(timer);
      child.off("message", listen);
      resolve(message);
    };
    child.on("message", listen);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the child ended (${code}) before its ${type} message`));
    });
  });
}
