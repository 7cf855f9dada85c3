// Workload 10, webhook fairness (issue 35): how long another tenant waits for its delivery
// while one tenant's endpoint times out on every attempt with a backlog of 10 000
// deliveries, on PostgreSQL, beside the same scene on the server as 1.0.0 released it
// (built from git), whose worker claimed a batch and waited for all of it.
import { once } from "node:events";
import { createServer } from "node:http";
import {
  buildServerAt,
  createPostgresDatabase,
  plainEquipment,
  releaseCommit,
  sameDependencies,
  startServerProcess,
} from "@wsafe/test-support";
import { progress } from "../lib/log.mjs";
import { median } from "../lib/percentiles.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";

const tenants = /** @type {const} */ (["slow", "other"]);
const tokenOf = (/** @type {string} */ tenant) => `bench-fairness-${tenant}-write-token-000`;

/** Two accounts with a write token and an equipment type each. */
const dataset = {
  accounts: tenants.map((tenant) => ({ id: `acc_${tenant}`, name: tenant })),
  tokens: tenants.map((tenant) => ({
    token: tokenOf(tenant),
    account_id: `acc_${tenant}`,
    permissions: ["read", "write"],
  })),
  equipmentTypes: tenants.map((tenant) => ({
    id: `et_${tenant}`,
    account_id: `acc_${tenant}`,
    name: "Harness",
    metafields: [],
  })),
};

/**
 * New equipment of one tenant: each records two events when imported (its appearance
 * and its schedule's), so two deliveries per endpoint.
 *
 * @param {string} tenant
 * @param {string[]} ids
 */
function newEquipment(tenant, ids) {
  const year = 365 * 86_400_000;
  const schedule = { schedule_id: "s", expiringOn: Date.now() + year, expiresOn: Date.now() + 2 * year };
  return {
    equipments: ids.map((id) =>
      plainEquipment(id, `et_${tenant}`, 1, {
        metavalues: {},
        schedules: [{ ...schedule, lastCompletedOn: Date.now() }],
      }),
    ),
  };
}

/**
 * A receiver on 127.0.0.1 noting when each `webhook-id` first arrived (this machine's
 * clock, which the database's `created` reads too); `answer` false
 * never answers (each attempt runs to the sender's timeout).
 *
 * @param {boolean} answer
 */
async function receiver(answer) {
  /** @type {Map<string, number>} */
  const arrived = new Map();
  const server = createServer((req, res) => {
    const id = String(req.headers["webhook-id"]);
    if (!arrived.has(id)) arrived.set(id, Date.now());
    req.resume();
    if (answer) req.on("end", () => res.writeHead(204).end());
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}/hook`,
    arrived,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** How long the other tenant's delivery is waited for: 1.0.0 made it wait hours (below). */
const patienceMs = 120_000;

/**
 * Waits until `done()` holds, checking every 5 ms, for at most `timeoutMs`.
 *
 * @param {() => boolean} done
 * @param {number} timeoutMs
 * @returns {Promise<boolean>} whether it held in time
 */
async function until(done, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}

/**
 * The scene on one server: a fresh database, the slow tenant's endpoint (never answers)
 * with `backlog` deliveries, the other tenant's (answers at once); then `samples` times an
 * import of the other tenant's, timed from its commit to the arrival of both deliveries.
 *
 * @param {{ label: string, entryUrl: string, bin: string, postgresUrl: string, backlog: number, samples: number }} side
 */
async function measureSide({ label, entryUrl, bin, postgresUrl, backlog, samples }) {
  const { openStore, importDataset } = await import(entryUrl);
  const db = await createPostgresDatabase("bench_fairness", postgresUrl);
  const slow = await receiver(false);
  const fast = await receiver(true);
  const store = await openStore(db.database);
  let server;
  try {
    await importDataset(store, dataset);
    server = await startServerProcess([bin, "serve", "--http", "--port", "0", "--database", db.database], {
      name: `fairness-${label}`,
      env: {
        WSAFE_WEBHOOKS_ALLOW_HTTP: "1",
        WSAFE_WEBHOOKS_ALLOW_PRIVATE: "1",
        WSAFE_RATE_LIMIT: "100000/60s",
        WSAFE_DOCS_DIR: "",
      },
    });
    for (const [tenant, target] of [
      ["slow", slow],
      ["other", fast],
    ]) {
      const made = await fetch(`${server.url}/v1/webhooks.create`, {
        method: "POST",
        body: JSON.stringify({ token: tokenOf(/** @type {string} */ (tenant)), url: target.url }),
      }).then((answer) => answer.json());
      if (!made.ok) throw new Error(`fairness ${label}: webhooks.create answered ${JSON.stringify(made)}`);
    }
    const ids = Array.from({ length: backlog / 2 }, (_, i) => `eq_backlog_${i}`);
    await importDataset(store, newEquipment("slow", ids));
    if (!(await until(() => slow.arrived.size > 0, 60_000)))
      throw new Error(`fairness ${label}: no attempt at the slow endpoint within 60 s`);
    progress(`fairness ${label}: ${backlog} deliveries to the slow endpoint, its first attempts under way`);
    /** @type {number[]} */
    const latencies = [];
    for (let i = 0; i < samples; i++) {
      const id = `eq_other_${i}`;
      await importDataset(store, newEquipment("other", [id]));
      // When its events were recorded, by the database's clock: the import returns after
      // its ANALYZE, and a delivery may be in before that.
      const events = /** @type {{ id: string, created: string }[]} */ (
        await store.sql.query(
          `SELECT d.event_id AS id, d.created::text FROM webhook_deliveries d
             JOIN events e ON e.id = d.event_id WHERE e.equipment_id = $1`,
          [id],
        )
      );
      if (!(await until(() => events.every((event) => fast.arrived.has(event.id)), patienceMs))) {
        // 1.0.0 took the oldest due first, the whole backlog before it, 8 every 15 s:
        // hours. The figure is then a lower bound, and one sample says it.
        progress(
          `fairness ${label}: the other tenant's deliveries had not arrived after ${patienceMs / 1000} s`,
        );
        return { latencies: [patienceMs], medianMs: patienceMs, maxMs: patienceMs, lowerBound: true };
      }
      latencies.push(
        Math.max(
          ...events.map(
            (event) => /** @type {number} */ (fast.arrived.get(event.id)) - Number(event.created),
          ),
        ),
      );
      progress(`fairness ${label}: the other tenant's deliveries ${latencies.at(-1)} ms after its event`);
    }
    return { latencies, medianMs: median(latencies), maxMs: Math.max(...latencies), lowerBound: false };
  } finally {
    await server?.stop("SIGTERM", 30_000);
    await store.close();
    slow.close();
    fast.close();
    await db.drop();
  }
}

/**
 * Measures the scene on the server under measurement and, unless `baseline` is false,
 * on the server of the 1.0.0 release commit.
 *
 * @param {{ root: string, postgresUrl: string, backlog: number, samples: number, baseline: boolean }} options
 */
export async function runWebhookFairness({ root, postgresUrl, backlog, samples, baseline }) {
  const current = serverLocation();
  const result = {
    backlog,
    samples,
    wsafe: await measureSide({ label: "wsafe", ...current, postgresUrl, backlog, samples }),
    /** @type {any} */
    baseline: undefined,
    /** @type {string | undefined} */
    baselineSkipped: undefined,
  };
  const commit = baseline ? releaseCommit(root, "1.0.0") : undefined;
  if (!baseline) result.baselineSkipped = "the quick run does not build 1.0.0";
  else if (!commit) result.baselineSkipped = "the history holds no release 1.0.0 commit";
  else if (!sameDependencies(root, commit))
    result.baselineSkipped = `1.0.0 (${commit.slice(0, 7)}) has other dependencies than the workspace`;
  if (commit && !result.baselineSkipped) {
    progress(`fairness: building the server of 1.0.0 (${commit.slice(0, 7)}) from git for the baseline`);
    let released;
    try {
      released = buildServerAt(root, commit);
      result.baseline = {
        commit,
        ...(await measureSide({ label: "1.0.0", ...released, postgresUrl, backlog, samples })),
      };
    } catch (error) {
      // wsafe's figure stands without its baseline; the note says why there is none.
      result.baselineSkipped = `1.0.0 could not be measured: ${/** @type {Error} */ (error).message.split("\n")[0]}`;
    } finally {
      released?.remove();
    }
  }
  return result;
}
