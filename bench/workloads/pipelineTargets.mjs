import { headerNames } from "@wsafe/schema";
import { installServerPackage } from "../lib/installedServer.mjs";
import { loud, progress } from "../lib/log.mjs";
import { classifyPeer, runPeerConformance } from "../lib/peerConformance.mjs";
import { answerDifferences, rawAnswer } from "../lib/rawAnswer.mjs";
import { timedPost } from "../lib/timedPost.mjs";

/** @typedef {import("../lib/childServer.mjs").ChildServer} ChildServer */
/** @typedef {import("../lib/peerConformance.mjs").PeerRole} PeerRole */

/**
 * Every server of the pipeline's comparison: what it is, and whether it claims to do
 * the contract's work (`contract`), is declared to do less (`floor`) or is wsafe
 * (`subject`). The conformance kit decides what each did; this says what each claims.
 *
 * @type {Record<string, { label: string, role: PeerRole }>}
 */
export const pipelineServers = {
  wsafe: { label: "wsafe, workspace build, PGlite", role: "subject" },
  wsafeInstalled: { label: "wsafe, installed package, PGlite", role: "subject" },
  wsafePostgres: { label: "wsafe, workspace build, PostgreSQL", role: "subject" },
  honoContract: { label: "the contract on Hono, the documented way", role: "contract" },
  honoContractFast: { label: "the contract on Hono, written for speed", role: "contract" },
  trpc: { label: "stock tRPC 11 on Fastify, zod + token middleware", role: "floor" },
  hono: { label: "Hono on node-server, zod + token check", role: "floor" },
  bareHttps: { label: "bare Fastify route, token check", role: "floor" },
  bareHttp: { label: "bare Fastify route, token check, plain HTTP", role: "floor" },
  contractFloor: {
    label: "the contract's floor: Node's https, wsafe's headers and bytes after the token's SHA-256",
    role: "floor",
  },
  httpsFloor: { label: "Node's https, the token in a Map, the same body (the old floor)", role: "floor" },
};

/**
 * Checks that a server answers the records wsafe answered, so that every stack in the
 * comparison answers the same bytes: a server answering an error would look fast.
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
 * `resources.list` records over the same TLS: the two servers that do the contract's
 * work on Hono (the documented way, and written for speed), and the floors that do
 * less - stock tRPC 11 on its Fastify adapter, Hono with a token check, Node's own
 * `https` doing the contract's least (the contract's floor, issue 38) and with a token
 * in a `Map` (the old floor). (The bare Fastify routes are started beside wsafe.)
 *
 * @param {(name: string, options: object, settings?: object) => Promise<ChildServer>} start
 * @param {{ tlsDir: string, bodyPath: string, path: string, tokens: { read: string, other: string }, resourceCount: number, rateLimit: { points: number, durationSeconds: number } }} setup
 * @returns {Promise<Record<string, ChildServer>>}
 */
export async function startPeers(start, { tlsDir, bodyPath, path, tokens, resourceCount, rateLimit }) {
  progress(
    "pipeline: starting the peers (the contract on Hono twice, stock tRPC 11 on Fastify, Hono with a token check, Node's https twice: the contract's floor and the old one)",
  );
  const token = tokens.read;
  const peers = {
    honoContract: await start("honoContract.mjs", { tlsDir, bodyPath, tokens, rateLimit }),
    honoContractFast: await start("honoContractFast.mjs", { tlsDir, bodyPath, tokens, rateLimit }),
    trpc: await start("trpcFastify.mjs", { tlsDir, bodyPath, token }),
    hono: await start("honoServer.mjs", { tlsDir, bodyPath, path, token }),
    contractFloor: await start("contractFloor.mjs", { tlsDir, bodyPath, tokens, rateLimit }),
    httpsFloor: await start("httpsFloor.mjs", { tlsDir, bodyPath, token }),
  };
  const bytes = [];
  for (const [name, server] of Object.entries(peers)) {
    bytes.push(`${name} ${await expectSameRecords(name, server, path, token, resourceCount)}`);
  }
  progress(`pipeline: the peers answer the same records (bytes: ${bytes.join(", ")})`);
  return peers;
}

/**
 * Checks that the contract's floor writes what wsafe writes for the measured call: the
 * same status line, headers (names, case, order, values) and body bytes, apart from the
 * request id's characters, the response time and the date. A floor that wrote fewer
 * headers or other bytes would not be the contract's floor.
 *
 * @param {string} wsafeUrl
 * @param {string} floorUrl
 * @param {string} path
 * @param {string} body - the request body of the load
 */
export async function expectSameAnswerBytes(wsafeUrl, floorUrl, path, body) {
  const [mine, floor] = [
    await rawAnswer(`${wsafeUrl}${path}`, body),
    await rawAnswer(`${floorUrl}${path}`, body),
  ];
  const differences = answerDifferences(mine, floor, headerNames());
  if (differences.length > 0)
    throw new Error(`the contract's floor does not answer wsafe's bytes:\n${differences.join("\n")}`);
  progress(
    `pipeline: the contract's floor answers wsafe's bytes (${mine.head.split("\r\n").length - 1} headers, ${mine.body.length} bytes of body; id, time and date aside)`,
  );
}

/**
 * @typedef {import("../lib/peerConformance.mjs").PeerClass & { label: string, role: PeerRole, passed: number, failed: number, skipped: number }} CheckedServer
 */

/**
 * Runs the conformance kit's checks of `resources.list` on every server before any is
 * timed, and prints what each did: the same work (checked), a floor that does less, or
 * a contract peer that fails (loudly: it is not timed as a peer).
 *
 * @param {Record<string, ChildServer>} servers - by their keys in {@link pipelineServers}
 * @param {{ read: string, other: string }} tokens
 * @returns {Promise<Record<string, CheckedServer>>}
 */
export async function checkServers(servers, tokens) {
  /** @type {Record<string, CheckedServer>} */
  const checked = {};
  for (const [name, server] of Object.entries(servers)) {
    const { label, role } = pipelineServers[name] ?? { label: name, role: "floor" };
    /** @type {any} */
    let report;
    let error;
    try {
      report = await runPeerConformance(server.url, tokens);
    } catch (thrown) {
      error = /** @type {Error} */ (thrown).message;
    }
    const found = classifyPeer({ role, report, error });
    checked[name] = {
      label,
      role,
      ...found,
      passed: report?.passed ?? 0,
      failed: report?.failed ?? 0,
      skipped: report?.skipped ?? 0,
    };
    const line = `pipeline: ${label}: ${found.summary}`;
    if (found.kind === "failing") loud(line);
    else progress(line);
  }
  return checked;
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
