import { fileURLToPath } from "node:url";
import { startServerProcess } from "@wsafe/test-support";
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
 * Starts one of the servers in `bench/children/` in its own Node process, through the
 * shared launcher of `@wsafe/test-support` (`startServerProcess`, with an IPC channel
 * for the bench's commands), and waits for its readiness line. A child that dies
 * before that rejects with what it printed.
 *
 * @param {string} name - the file in `bench/children/`, e.g. `wsafeServer.mjs`
 * @param {object} options - handed to the child as JSON
 * @param {{ execArgv?: string[], timeoutMs?: number, env?: Record<string, string> }} [settings] -
 *   `env` adds to the bench's environment (e.g. `WSAFE_BENCH_SERVER_DIR` of an installed server)
 * @returns {Promise<ChildServer>}
 */
export async function startChildServer(name, options, { execArgv = [], timeoutMs = 120_000, env = {} } = {}) {
  const script = fileURLToPath(new URL(`../children/${name}`, import.meta.url));
  const server = await startServerProcess([script, JSON.stringify(options)], {
    ipc: true,
    execArgv,
    timeoutMs,
    env,
  });
  const { child } = server;
  return {
    url: server.url,
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
      // Asked over IPC, the child closes its server gracefully; SIGKILL only if it hangs.
      child.send({ type: "close" });
      const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await server.exited;
      clearTimeout(killer);
    },
  };
}
