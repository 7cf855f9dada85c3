import { installServerPackage } from "../lib/installedServer.mjs";
import { progress } from "../lib/log.mjs";
import { timedPost } from "../lib/timedPost.mjs";

/** @typedef {import("../lib/childServer.mjs").ChildServer} ChildServer */

/**
 * Checks that a peer answers the records wsafe answered, so that every stack in the
 * comparison does the same work: a peer answering an error would look fast.
 *
 * @param {string} name
 * @param {ChildServer} server
 * @param {string} path
 * @param {string} token
 * @param {number} resourceCount - how many resources wsafe's own answer holds
 */
export async function expectSameRecords(name, server, path, token, resourceCount) {
  const answer = await timedPost(`${server.url}${path}`, { token }, { keepBody: true });
  const parsed = JSON.parse(String(answer.body));
  // tRPC wraps what the procedure returns in its own envelope.
  const records = (parsed.result?.data ?? parsed).resources;
  if (records?.length !== resourceCount) {
    throw new Error(`${name} does not answer the same records: ${String(answer.body).slice(0, 200)}`);
  }
  return answer.bytes;
}

/**
 * Starts the stacks a team could pick instead of wsafe, each answering the same
 * `resources.list` records over the same TLS with a token check against an in-memory
 * map: stock tRPC 11 on its Fastify adapter and Hono on `@hono/node-server`. Beside
 * them the tRPC floor (`trpcFloor`): Node's `https` server and one stock tRPC call, the
 * least a server with tRPC in its path does, to show how near Hono such a server can get.
 *
 * @param {(name: string, options: object, settings?: object) => Promise<ChildServer>} start
 * @param {{ tlsDir: string, bodyPath: string, path: string, token: string, resourceCount: number }} setup
 * @returns {Promise<Record<string, ChildServer>>}
 */
export async function startPeers(start, { tlsDir, bodyPath, path, token, resourceCount }) {
  progress(
    "pipeline: starting the peers (stock tRPC 11 on Fastify, Hono on node-server, the tRPC floor on node:https)",
  );
  const trpc = await start("trpcFastify.mjs", { tlsDir, bodyPath, token });
  const hono = await start("honoServer.mjs", { tlsDir, bodyPath, path, token });
  const trpcFloor = await start("trpcFloor.mjs", { tlsDir, bodyPath, token });
  const trpcBytes = await expectSameRecords("tRPC", trpc, path, token, resourceCount);
  const honoBytes = await expectSameRecords("Hono", hono, path, token, resourceCount);
  const floorBytes = await expectSameRecords("the tRPC floor", trpcFloor, path, token, resourceCount);
  progress(
    `pipeline: tRPC answers ${trpcBytes} bytes, Hono ${honoBytes} bytes, the tRPC floor ${floorBytes} bytes`,
  );
  return { trpc, hono, trpcFloor };
}

/**
 * Starts wsafe as a consumer installs it: the packed `@wsafe/server` installed with npm
 * outside the workspace (no workspace patch, dependencies as published), on the same
 * store, demo data and limiter settings as the workspace build.
 *
 * @param {(name: string, options: object, settings?: object) => Promise<ChildServer>} start
 * @param {object} serverOptions - what the workspace wsafe was started with
 * @returns {Promise<{ server: ChildServer, remove(): void }>}
 */
export async function startInstalledWsafe(start, serverOptions) {
  const installed = installServerPackage();
  try {
    progress(`pipeline: starting the installed @wsafe/server (${installed.dir})`);
    const server = await start("wsafeServer.mjs", serverOptions, {
      env: { WSAFE_BENCH_SERVER_DIR: installed.dir },
    });
    return { server, remove: installed.remove };
  } catch (error) {
    installed.remove();
    throw error;
  }
}
