// The peer of the fan-out workload (issue 38 goal 6): what a careful hand-written server
// does to fan recorded events out to many Server-Sent Events connections, with Node's
// `https` and the same store. It answers `GET /trpc/events.stream?input=...` with the
// headers and opening message wsafe's tRPC stream sends, keeps each connection under its
// token's account, and on each notification of the events channel reads the rows recorded
// since its last read (500 at a time, in sequence order, as wsafe's feed does), makes each
// event's frame once - the same bytes as wsafe's: `data: <the event record's JSON>`, `id: <its
// id>` and tRPC's three line ends - and writes each batch's frames as one buffer to every
// connection of the account. The bench checks that every reader got the same bytes from
// both. No checks beyond the token's account (the streams are opened before anything is
// timed): the figure is the delivery.
import { createServer } from "node:https";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { childOptions, reportReady } from "./childIpc.mjs";
import { importOnRequest } from "./importOnRequest.mjs";

const { tls, database, tokens } = childOptions();
const entry = serverLocation().entryUrl;
const { openStore } = await import(entry);
const { eventRecord } = await import(new URL("./events/EventLog.js", entry).href);
const store = await openStore(database);
/** token -> account, as the bench made them. @type {Map<string, string>} */
const accountOf = new Map(Object.entries(tokens));
/** account -> its open connections. @type {Map<string, Set<import("node:http").ServerResponse>>} */
const connections = new Map();

const columns =
  "id, type, occurred_at::text, cause, equipment_id, equipment_type_id, schedule_id, from_status, to_status, inspection_id, sequence::text, account_id";
const [{ last }] = await store.sql.query("SELECT coalesce(max(sequence), 0)::text AS last FROM events");
let after = Number(last);
let reading = false;
let again = false;

/** Reads what was recorded since the last read and writes it to the accounts' connections. */
async function deliver() {
  if (reading) {
    again = true;
    return;
  }
  reading = true;
  try {
    do {
      again = false;
      for (;;) {
        const rows = await store.sql.query(
          `SELECT ${columns} FROM events WHERE sequence > $1 ORDER BY events.sequence LIMIT 500`,
          [after],
        );
        /** account -> its frames of this batch. @type {Map<string, string[]>} */
        const frames = new Map();
        const now = Date.now();
        for (const row of rows) {
          after = Number(row.sequence);
          if (!connections.get(row.account_id)?.size) continue;
          const list = frames.get(row.account_id) ?? [];
          // As tRPC writes a `tracked(id, record)` value: its data line, its id line, the end.
          list.push(`data: ${JSON.stringify(eventRecord(row, now))}\nid: ${row.id}\n\n\n`);
          frames.set(row.account_id, list);
        }
        for (const [account, list] of frames) {
          const bytes = Buffer.from(list.join(""));
          for (const response of connections.get(account) ?? []) response.write(bytes);
        }
        if (rows.length < 500) break;
      }
    } while (again);
  } finally {
    reading = false;
  }
}

const server = createServer({ cert: tls.cert, key: tls.key, minVersion: "TLSv1.2" }, (request, response) => {
  const url = new URL(request.url ?? "/", "https://peer");
  const input = JSON.parse(url.searchParams.get("input") ?? "{}");
  const account = accountOf.get(input.token);
  if (url.pathname !== "/trpc/events.stream" || !account) {
    response.writeHead(401).end();
    return;
  }
  response.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache, no-transform",
    "x-accel-buffering": "no",
    connection: "keep-alive",
  });
  response.write("event: connected\ndata: {}\n\n\n");
  const open = connections.get(account) ?? new Set();
  open.add(response);
  connections.set(account, open);
  response.on("close", () => open.delete(response));
});
// A notification lost with its connection: read again once listening again.
await store.sql.listen(
  "wsafe_events",
  () => void deliver(),
  (listening) => {
    if (listening) void deliver();
  },
);
importOnRequest(async () => store);
server.listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const address = /** @type {import("node:net").AddressInfo} */ (server.address());
reportReady(`https://127.0.0.1:${address.port}`, async () => {
  for (const open of connections.values()) for (const response of open) response.destroy();
  server.close();
  await store.close();
});
