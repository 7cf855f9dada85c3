// The load generator of the inspections.record workload, in a process of its own (the
// bench pins it to the load CPU): each request needs its own body (sequentialClients.mjs):
// a fresh idempotency key, its client's accounts, and a result that turns its schedule's
// status over (passed, then failed, then passed...), so every request records events and
// webhook outbox rows. Client c takes the accounts c, c + N, c + 2N... in turn (1 client:
// all 16; 16 clients: one each), so no two clients write one account. Prints one JSON
// line shaped as autocannon's result.
import { randomUUID } from "node:crypto";
import { runSequentialClients } from "./sequentialClients.mjs";

const { url, connections, seconds, accounts } = JSON.parse(process.argv[2] ?? "{}");

/** One client: its accounts' equipment in turn, each turned over at every visit. */
function client(/** @type {number} */ index) {
  const mine = accounts.filter((/** @type {any} */ _, i) => i % connections === index);
  /** @type {{ account: any, equipment: string, passed: boolean }[]} */
  const turns = [];
  const longest = Math.max(...mine.map((/** @type {any} */ a) => a.equipment.length));
  for (let n = 0; n < longest; n++)
    for (const account of mine)
      if (n < account.equipment.length)
        turns.push({ account, equipment: account.equipment[n], passed: true });
  let turn = 0;
  return {
    next() {
      const next = turns[turn];
      turn = (turn + 1) % turns.length;
      const body = JSON.stringify({
        token: next.account.token,
        equipment_id: next.equipment,
        schedule_id: next.account.schedule_id,
        result: next.passed ? "passed" : "failed",
        inspector_id: next.account.inspector_id,
        idempotency_key: randomUUID(),
      });
      next.passed = !next.passed;
      return body;
    },
  };
}

const result = await runSequentialClients({
  url,
  seconds,
  clients: Array.from({ length: connections }, (_, index) => client(index)),
});
process.stdout.write(`${JSON.stringify(result)}\n`);
