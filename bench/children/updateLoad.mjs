// The load generator of the equipments.update workload, in a process of its own (the
// bench pins it to the load CPU). Each request updates the next equipment of its client's
// accounts with a fresh idempotency key and `if_version` (the version the last answer
// gave: a client that writes its own records knows it), its visits to an equipment taking
// turns between a change of fields (`notes`, `fieldOffice_id`: one event, equipment.updated)
// and a move to its account's other type (equipment.updated and the status transitions:
// every status leaves the old type and appears in the new). Client c takes the accounts
// c, c + N, c + 2N... (1 client: all of them; 16 clients: one each), so no two clients
// write one account. Prints one JSON line shaped as autocannon's result, with `state`: each
// equipment's version, type and visits at the end, for the next round to go on from.
import { randomUUID } from "node:crypto";
import { runSequentialClients } from "./sequentialClients.mjs";

/**
 * @typedef {{ id: string, version: number, typeId: string, visits: number }} EquipmentState
 * @typedef {{ token: string, types: [string, string], equipment: EquipmentState[] }} LoadAccount
 */

const { url, connections, seconds, accounts } = JSON.parse(process.argv[2] ?? "{}");

/**
 * The request of one visit: even visits change fields, odd ones move the equipment to
 * its account's other type.
 *
 * @param {LoadAccount} account
 * @param {EquipmentState} equipment
 */
export function updateRequest(account, equipment) {
  const visit = equipment.visits;
  const change =
    visit % 2 === 0
      ? { notes: `Checked on visit ${visit}.`, fieldOffice_id: [`fo_${(visit / 2) % 3}`] }
      : { equipmentType_id: account.types.find((type) => type !== equipment.typeId) };
  return {
    token: account.token,
    id: equipment.id,
    if_version: equipment.version,
    ...change,
    idempotency_key: randomUUID(),
  };
}

/** One client: its accounts' equipment in turn; each answer gives the version and type to go on from. */
function client(/** @type {number} */ index) {
  const mine = /** @type {LoadAccount[]} */ (accounts).filter((_, i) => i % connections === index);
  /** @type {{ account: LoadAccount, equipment: EquipmentState }[]} */
  const turns = [];
  const longest = Math.max(...mine.map((a) => a.equipment.length));
  for (let n = 0; n < longest; n++)
    for (const account of mine)
      if (n < account.equipment.length) turns.push({ account, equipment: account.equipment[n] });
  let turn = 0;
  /** @type {EquipmentState | undefined} */
  let sent;
  return {
    next() {
      const { account, equipment } = turns[turn];
      turn = (turn + 1) % turns.length;
      sent = equipment;
      return JSON.stringify(updateRequest(account, equipment));
    },
    answered(/** @type {string} */ text) {
      if (!sent) return;
      const answer = JSON.parse(text);
      if (answer.ok) {
        sent.version = answer.equipment.version;
        sent.typeId = answer.equipment.equipmentType_id;
        sent.visits++;
      } else if (answer.error === "version_mismatch") {
        // Never expected (each equipment has one writer); should it happen, go on from the stored version.
        const stored = /at version (\d+)/.exec(answer.description);
        if (stored) sent.version = Number(stored[1]);
      }
    },
  };
}

if (url !== undefined) {
  const result = await runSequentialClients({
    url,
    seconds,
    clients: Array.from({ length: connections }, (_, index) => client(index)),
  });
  const state = /** @type {LoadAccount[]} */ (accounts).map((account) => account.equipment);
  process.stdout.write(`${JSON.stringify({ ...result, state })}\n`);
}
