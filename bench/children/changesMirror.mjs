// A mirror catching up with equipments.changes, in a process of its own (the bench pins
// it apart from the server): from no cursor, pages of `limit`, each answer applied to a
// `Map` in order (an equipment put, a null one deleted), until `has_more` is false, over
// one keep-alive connection, as a client keeping a copy of the register does. Prints one
// JSON line: the whole walk's time, each page's, the changes applied, this process's CPU,
// and the mirror as each equipment's version and number of schedules, which the bench
// holds to the store.
import { methodUrlPath } from "@wsafe/schema";
import { closeIdleSockets, timedPost } from "../lib/timedPost.mjs";

const { url, token, limit } = JSON.parse(process.argv[2] ?? "{}");
if (!/^https:\/\/127\.0\.0\.1:/.test(url)) throw new Error(`refusing to walk anything but 127.0.0.1: ${url}`);

/** @type {Map<string, any>} */
const mirror = new Map();
/** @type {number[]} */
const pageMs = [];
let changes = 0;
let bytes = 0;
/** @type {string | undefined} */
let cursor;
const cpuBefore = process.cpuUsage();
const started = performance.now();
for (;;) {
  const answer = await timedPost(
    `${url}${methodUrlPath("equipments.changes")}`,
    cursor ? { token, limit, cursor } : { token, limit },
    {
      keepBody: true,
    },
  );
  const body = JSON.parse(String(answer.body));
  if (body.ok !== true) throw new Error(`equipments.changes failed: ${String(answer.body).slice(0, 300)}`);
  pageMs.push(answer.ms);
  bytes += answer.bytes;
  for (const { id, equipment } of body.changes) {
    if (equipment === null) mirror.delete(id);
    else mirror.set(id, equipment);
  }
  changes += body.changes.length;
  cursor = body.next_cursor;
  if (!body.has_more) break;
}
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
closeIdleSockets();
process.stdout.write(
  `${JSON.stringify({
    ms,
    pages: pageMs.length,
    pageMs,
    changes,
    bytes,
    // The mirror's own work (parsing, applying): on a loaded machine, part of the time.
    clientCpuMicros: cpu.user + cpu.system,
    mirror: [...mirror].map(([id, e]) => [id, { version: e.version, schedules: e.schedules.length }]),
  })}\n`,
);
