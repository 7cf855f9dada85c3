// The floor of the equipments.changes catch-up: the database's own `COPY ... TO` of the
// rows the feed reads for a mirror starting from no cursor - every equipment of the
// account in the feed's order (`change_seq`), with its schedules - on the same store.
// It does less than the feed: no status computed, no JSON built, no pages, no HTTPS; it
// is printed as a floor. (`retired_equipments`, the feed's other table, is empty in the
// workload's store: nothing was retired.)

/** The columns of a row of the floor: the equipment's stored fields, then one schedule's. */
export const floorColumns = [
  "id",
  "external_id",
  "serial_number",
  "equipment_type_id",
  "created",
  "parent_id",
  "field_office_ids",
  "line_of_business_id",
  "client_ids",
  "assigned_user_ids",
  "title",
  "notes",
  "is_in_service",
  "metavalues",
  "version",
  "change_seq",
  "schedule_id",
  "expires_on",
  "expiring_on",
  "last_completed_on",
  "inspection_interval",
  "expiry_warning",
];

/**
 * The floor's statement for one account (COPY takes no parameters: the account is a
 * literal, its quotes doubled).
 *
 * @param {string} accountId
 * @param {string} target - `STDOUT` (PostgreSQL) or `'/dev/blob'` (PGlite)
 * @example
 * changesFloorSql("acc_bench", "STDOUT"); // "COPY (SELECT e.id, ... ORDER BY e.change_seq, s.schedule_id) TO STDOUT"
 */
export function changesFloorSql(accountId, target) {
  const select = floorColumns.map((column, n) => `${n < 16 ? "e" : "s"}.${column}`).join(", ");
  const account = `'${accountId.replaceAll("'", "''")}'`;
  return `COPY (SELECT ${select}
  FROM equipments e LEFT JOIN schedules s ON s.equipment_id = e.id
 WHERE e.account_id = ${account}
 ORDER BY e.change_seq, s.schedule_id) TO ${target}`;
}

/**
 * What the floor's text output holds, as the bench compares it with a mirror: each
 * equipment's version and number of schedules, by id, from COPY's text format (a row a
 * line, tab-separated, `\N` for NULL).
 *
 * @param {string} text - the COPY's output
 * @returns {{ rows: number, equipment: Map<string, { version: number, schedules: number }> }}
 * @example
 * floorDigest("eq_1\t...\t3\t17\tsch_1\t...\n"); // { rows: 1, equipment: Map { "eq_1" => { version: 3, schedules: 1 } } }
 */
export function floorDigest(text) {
  const version = floorColumns.indexOf("version");
  const schedule = floorColumns.indexOf("schedule_id");
  /** @type {Map<string, { version: number, schedules: number }>} */
  const equipment = new Map();
  let rows = 0;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    rows++;
    const fields = line.split("\t");
    const id = fields[0] ?? "";
    const entry = equipment.get(id) ?? { version: Number(fields[version]), schedules: 0 };
    if (fields[schedule] !== "\\N") entry.schedules++;
    equipment.set(id, entry);
  }
  return { rows, equipment };
}

/**
 * Where a mirror and the floor's rows disagree: an equipment one holds and the other
 * does not, another version, another number of schedules. The first few, and how many.
 *
 * @param {Map<string, { version: number, schedules: number }>} mirror - from the feed
 * @param {Map<string, { version: number, schedules: number }>} floor - from {@link floorDigest}
 * @returns {{ count: number, first: string[] }}
 */
export function mirrorDifferences(mirror, floor) {
  /** @type {string[]} */
  const found = [];
  for (const [id, row] of floor) {
    const held = mirror.get(id);
    if (!held) found.push(`${id}: in the store, not in the mirror`);
    else if (held.version !== row.version || held.schedules !== row.schedules)
      found.push(
        `${id}: the mirror holds version ${held.version} with ${held.schedules} schedules, the store ${row.version} with ${row.schedules}`,
      );
  }
  for (const id of mirror.keys()) if (!floor.has(id)) found.push(`${id}: in the mirror, not in the store`);
  return { count: found.length, first: found.slice(0, 5) };
}
