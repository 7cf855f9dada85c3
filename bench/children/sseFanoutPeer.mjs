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
import { childOptions, reportReady } from "./childIpc.mjs";
import { followRecordedEvents } from "./fanoutSource.mjs";

const { tls, database, tokens } = childOptions();
/** token -> account, as the bench made them. @type {Map<string, string>} */
const accountOf = new Map(Object.entries(tokens));
/** account -> its open connections. @type {Map<string, Set<import("node:http").ServerResponse>>} */
const connections = new Map();

const source = await followRecordedEvents(
  database,
  (account) => (connections.get(account)?.size ?? 0) > 0,
  (account, records) => {
    // As tRPC writes a `tracked(id, record)` value: its data line, its id line, the end.
    const frames = records.map((record) => `data: ${JSON.stringify(record)}\nid: ${record.id}\n\n\n`);
    const bytes = Buffer.from(frames.join(""));
    for (const response of connections.get(account) ?? []) response.write(bytes);
  },
);

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
server.listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const address = /** @type {import("node:net").AddressInfo} */ (server.address());
reportReady(`https://127.0.0.1:${address.port}`, async () => {
  for (const open of connections.values()) for (const response of open) response.destroy();
  server.close();
  await source.close();
});
