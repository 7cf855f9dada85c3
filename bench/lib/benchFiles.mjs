// The bench dataset as files, written a slice at a time so that a million equipment
// (789 MB of JSON with 4 schedules each, more than any string can hold) never sit in the bench's memory: the
// dataset file `wsafe import` reads, and the CSV files of the same rows that the
// database's own COPY reads (`copyLimit.mjs`).
import { closeSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { benchDataset, benchEquipments } from "./benchDataset.mjs";
import { csvLines, importedRows } from "./copyLimit.mjs";

const SLICE = 5000;

/**
 * Writes `dataset.json` and one CSV file per table into `dir`.
 *
 * @param {string} dir
 * @param {{ equipmentCount: number, schedules?: number, now?: number }} options
 * @returns {{ file: string, csvFiles: { table: string, columns: string[], file: string, rows: number }[] }}
 */
export function writeBenchFiles(dir, { equipmentCount, schedules = 3, now = Date.now() }) {
  const { equipments: _, ...head } = benchDataset({ equipmentCount: 0, now, schedules });
  const file = join(dir, "dataset.json");
  const json = openSync(file, "w");
  writeSync(json, `${JSON.stringify(head).slice(0, -1)},"equipments":[`);
  /** @type {Map<string, { table: string, columns: string[], file: string, rows: number, fd: number }>} */
  const csv = new Map();
  const writeRows = (/** @type {any} */ dataset, /** @type {string[] | undefined} */ only) => {
    for (const { table, columns, rows } of importedRows(dataset)) {
      if (only && !only.includes(table)) continue;
      if (!csv.has(table)) {
        const path = join(dir, `${table}.csv`);
        csv.set(table, { table, columns, file: path, rows: 0, fd: openSync(path, "w") });
      }
      const target = /** @type {any} */ (csv.get(table));
      if (rows.length > 0) writeSync(target.fd, csvLines(rows));
      target.rows += rows.length;
    }
  };
  writeRows({ ...head, equipments: [] });
  let slice = [];
  let written = 0;
  const flush = () => {
    writeSync(json, `${written > 0 ? "," : ""}${slice.map((e) => JSON.stringify(e)).join(",")}`);
    writeRows({ ...head, equipments: slice }, ["equipments", "schedules"]);
    written += slice.length;
    slice = [];
  };
  for (const equipment of benchEquipments({ equipmentCount, now, schedules })) {
    slice.push(equipment);
    if (slice.length === SLICE) flush();
  }
  if (slice.length > 0) flush();
  writeSync(json, "]}");
  closeSync(json);
  for (const target of csv.values()) closeSync(target.fd);
  return { file, csvFiles: [...csv.values()].map(({ fd: _fd, ...rest }) => rest) };
}
