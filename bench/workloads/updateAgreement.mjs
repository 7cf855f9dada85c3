// The peer of equipments.update held to wsafe before either is timed: the same requests
// (changes, a repeat of a key, a move with its transitions, a request that changes
// nothing, keys given and used, every refusal), each side on its own equipment of account
// 0 (on PostgreSQL both sides write one database), their answers compared field by field,
// then the events each side recorded (read back through events.list) and, on PostgreSQL,
// the webhook outbox rows and kept answers in the store. Names that differ only by side
// (the equipment's id, the keys) are compared as one.
import { fieldDifferences } from "../lib/fieldDifferences.mjs";
import { timedPost } from "../lib/timedPost.mjs";
import { checkedEquipmentIds, updateTokenOf, updateTypesOf } from "../lib/updateDataset.mjs";

const recordTypes = ["equipment.updated", "schedule.status_changed", "equipment.status_changed"];

/**
 * The requests, in order, for one side: what each asks, and its data.
 *
 * @param {string} side
 * @param {string} run - makes this run's idempotency keys its own
 * @returns {[string, Record<string, unknown>][]}
 */
export function agreementRequests(side, run) {
  const { compared, keyHolder } = checkedEquipmentIds(side);
  const [, otherType] = updateTypesOf(0);
  const key = (/** @type {number} */ n) => `bench-cmp-${run}-${n}-${side}`;
  const fields = {
    id: compared,
    if_version: 1,
    notes: "Relabelled.",
    title: "Harness 7",
    fieldOffice_id: ["fo_north"],
    clients_id: ["cl_port"],
    metavalues: { mf_length: 2.5 },
    idempotency_key: key(1),
  };
  return [
    ["fields changed, with if_version and a key", fields],
    ["the same request again: the kept answer", fields],
    ["the key again with other parameters", { ...fields, notes: "Other." }],
    ["an if_version already passed", { id: compared, if_version: 1, notes: "Stale." }],
    [
      "a move to the other type, a metavalue unset",
      {
        id: compared,
        if_version: 2,
        equipmentType_id: otherType,
        metavalues: { mf_length: null },
        idempotency_key: key(2),
      },
    ],
    [
      "nothing changed: no event, the same version",
      { id: compared, notes: "Relabelled.", idempotency_key: key(3) },
    ],
    ["a key given", { id: compared, external_id: `ERP-${side}` }],
    [
      "named by its key: out of service, title and clients removed",
      {
        external_id: `ERP-${side}`,
        isInService: false,
        title: null,
        clients_id: null,
        idempotency_key: key(4),
      },
    ],
    ["another equipment given a key", { id: keyHolder, external_id: `HELD-${side}` }],
    ["a key another equipment holds", { id: compared, external_id: `HELD-${side}` }],
    ["an unknown type", { id: compared, equipmentType_id: "et_upd_nope" }],
    ["another account's type", { id: compared, equipmentType_id: updateTypesOf(1)[0] }],
    ["a metavalue of no metafield of the type", { id: compared, metavalues: { mf_nope: 1 } }],
    ["an unknown user", { id: compared, assignedUsers_id: ["u_nope"] }],
    ["another account's equipment", { id: "eq_upd_1_0", notes: "Mine now." }],
    ["a key nobody holds", { external_id: "ERP-NOBODY", notes: "Relabelled." }],
    [
      "the key removed, back to the first type",
      { id: compared, if_version: 5, external_id: null, equipmentType_id: updateTypesOf(0)[0] },
    ],
  ];
}

/** A side's JSON with the names that differ only by side made one. */
export function sideless(/** @type {string} */ text, /** @type {string} */ side) {
  return text
    .replaceAll(new RegExp(`(cmp|key)_${side}\\b`, "g"), "$1_SIDE")
    .replaceAll(new RegExp(`(ERP|HELD)-${side}\\b`, "g"), "$1-SIDE");
}

/**
 * Sends one side's requests, then reads its events back.
 *
 * @param {string} url
 * @param {string} side
 * @param {string} run
 */
async function runSide(url, side, run) {
  const from = Date.now() - 1000;
  /** @type {unknown[]} */
  const answers = [];
  for (const [, params] of agreementRequests(side, run)) {
    const answer = await timedPost(
      `${url}/v1/equipments.update`,
      { token: updateTokenOf(0, "write"), ...params },
      {
        keepBody: true,
      },
    );
    answers.push(JSON.parse(sideless(String(answer.body), side)));
  }
  const { compared, keyHolder } = checkedEquipmentIds(side);
  const listed = await timedPost(
    `${url}/v1/events.list`,
    { token: updateTokenOf(0, "read"), from, to: Date.now() + 1, types: recordTypes, limit: 1000 },
    { keepBody: true },
  );
  const body = JSON.parse(String(listed.body));
  if (body.ok !== true)
    throw new Error(`events.list on the ${side} side failed: ${String(listed.body).slice(0, 300)}`);
  const events = body.events
    .filter((/** @type {any} */ e) => e.equipment_id === compared || e.equipment_id === keyHolder)
    .sort((/** @type {any} */ a, /** @type {any} */ b) => Number(a.sequence) - Number(b.sequence))
    .map(({ id: _id, sequence: _sequence, occurred_at: _at, ...event }) =>
      JSON.parse(sideless(JSON.stringify(event), side)),
    );
  return { answers, events };
}

/** The store's rows of one side: outbox rows by event type, and answers kept under its keys. */
async function storeRows(/** @type {import("pg").Client} */ client, /** @type {string} */ side) {
  const { compared, keyHolder } = checkedEquipmentIds(side);
  const outbox = await client.query(
    `SELECT e.type, count(*)::int AS events, count(d.event_id)::int AS deliveries
       FROM events e LEFT JOIN webhook_deliveries d ON d.event_id = e.id
      WHERE e.equipment_id IN ($1, $2) GROUP BY e.type ORDER BY e.type`,
    [compared, keyHolder],
  );
  const kept = await client.query(
    `SELECT method, answer FROM inspection_requests WHERE idempotency_key LIKE $1 ORDER BY idempotency_key`,
    [`%-${side}`],
  );
  return JSON.parse(sideless(JSON.stringify({ outbox: outbox.rows, kept: kept.rows }), side));
}

/**
 * Runs the requests on both sides and compares what they answered and recorded.
 *
 * @param {{ wsafe: string, peer: string }} urls
 * @param {import("pg").Client} [client] - on PostgreSQL: the one database both sides write
 * @returns {Promise<{ requests: number, events: number, differences: string[] }>}
 */
export async function compareUpdateSides(urls, client) {
  const run = Date.now().toString(36);
  const wsafe = await runSide(urls.wsafe, "wsafe", run);
  const peer = await runSide(urls.peer, "peer", run);
  const names = agreementRequests("wsafe", run).map(([name]) => name);
  const differences = [
    ...wsafe.answers.flatMap((answer, n) =>
      fieldDifferences(answer, peer.answers[n]).map((d) => `request ${n + 1} (${names[n]}): ${d}`),
    ),
    ...fieldDifferences(wsafe.events, peer.events, "events"),
  ];
  if (client)
    differences.push(
      ...fieldDifferences(await storeRows(client, "wsafe"), await storeRows(client, "peer"), "store"),
    );
  return { requests: names.length, events: wsafe.events.length, differences };
}
