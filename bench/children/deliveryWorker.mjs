// Workload 13's wsafe side: the server's own delivery pool (`DeliveryWorker` with the
// server's default webhook settings, http to 127.0.0.1 allowed) on the bench's database,
// in a process of its own, its round trips to PostgreSQL counted. Answers
// `{ type: "queries" }` with how many it has sent since it started delivering.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { countPgQueries } from "../lib/countPgQueries.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { childOptions, reportReady } from "./childIpc.mjs";

const { database } = childOptions();
const entry = serverLocation().entryUrl;
const queries = countPgQueries(join(dirname(fileURLToPath(entry)), ".."));
const { openStore } = await import(entry);
const { DeliveryWorker } = await import(new URL("./webhooks/DeliveryWorker.js", entry).href);
const { defaultWebhookSettings } = await import(new URL("./webhooks/WebhookSettings.js", entry).href);
const store = await openStore(database);
const quiet = () => {};
const worker = new DeliveryWorker(
  store.sql,
  { ...defaultWebhookSettings, allowHttp: true, allowPrivate: true },
  {
    info: quiet,
    warn: quiet,
    error: (/** @type {object} */ fields, /** @type {string} */ message) => console.error(message, fields),
  },
);
queries.start();
await worker.start();
process.on("message", (/** @type {any} */ message) => {
  if (message?.type === "queries") process.send?.({ type: "queries", count: queries.count() });
});
// The launcher waits for a readiness line with a URL; this child serves nothing.
reportReady("http://127.0.0.1:0", async () => {
  await worker.stop();
  await store.close();
});
