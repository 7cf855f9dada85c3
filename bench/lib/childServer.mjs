import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { procMemory } from "./procMemory.mjs";

/**
 * @typedef {object} ChildServer
 * @property {string} url - where the child listens
 * @property {number} pid
 * @property {() => { rss: number, peak: number } | null} memory - VmRSS and VmHWM of the child now
 * @property {() => Promise<void>} close - asks the child to close, kills it (by its pid) if it hangs
 * @property {(message: object, reply: string) => Promise<any>} ask - sends a message, waits for the reply of that type
 */

/**
 * Starts one of the servers in `bench/children/` in its own Node process and waits
 * until it listens. A child that dies before that rejects with what it printed.
 *
 * @param {string} name - the file in `bench/children/`, e.g. `wsafeServer.mjs`
 * @param {object} options - handed to the child as JSON
 * @param {{ execArgv?: string[], timeoutMs?: number, env?: Record<string, string> }} [settings] -
 *   `env` adds to the bench's environment (e.g. `WSAFE_BENCH_SERVER_DIR` of an installed server)
 * @returns {Promise<ChildServer>}
 */
export function startChildServer(name, options, { execArgv = [], timeoutMs = 120_000, env = {} } = {}) {
  const script = fileURLToPath(new URL(`../children/${name}`, import.meta.url));
  const child = fork(script, [JSON.stringify(options)], {
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    execArgv,
    env: { ...process.env, ...env },
  });
  let output = "";
  const keep = (/** @type {Buffer} */ chunk) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", resolve));

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${name} did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const early = (/** @type {number | null} */ code, /** @type {string | null} */ signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code ?? signal}) before listening:\n${output}`));
    };
    child.once("exit", early);
    child.on("message", (/** @type {any} */ message) => {
      if (message?.type !== "ready") return;
      clearTimeout(timer);
      child.off("exit", early);
      resolve({
        url: message.url,
        pid: /** @type {number} */ (child.pid),
        memory: () => procMemory(/** @type {number} */ (child.pid)),
        ask(message, reply) {
          return new Promise((done) => {
            const listen = (/** @type {any} */ answer) => {
              if (answer?.type !== reply) return;
              child.off("message", listen);
              done(answer);
            };
            child.on("message", listen);
            child.send(message);
          });
        },
        async close() {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.send({ type: "close" });
          const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
          await exited;
          clearTimeout(killer);
        },
      });
    });
  });
}
