import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { benchDataset } from "../lib/benchDataset.mjs";
import { toApiEquipment } from "../lib/equipmentStatus.mjs";
import { progress } from "../lib/log.mjs";
import { opsPerSecond } from "../lib/opsPerSecond.mjs";

const require = createRequire(import.meta.url);

/**
 * Workload 4: the schema package's `validate("equipments.list.result", ...)` beside ajv
 * (JSON Schema 2020-12, compiled once) on the published JSON Schema file, both on the
 * same `equipments.list` result of N records.
 *
 * @param {{ records: number, rounds: number, roundMs: number }} size
 */
export async function runValidation({ records, rounds, roundMs }) {
  const { validate } = await import("@wsafe/schema");
  const now = Date.now();
  const payload = {
    ok: true,
    equipments: benchDataset({ equipmentCount: records, now }).equipments.map((e) => toApiEquipment(e, now)),
  };
  const schemaDir = join(dirname(require.resolve("@wsafe/schema/package.json")), "generated", "json-schema");
  const published = JSON.parse(readFileSync(join(schemaDir, "equipments.list.result.json"), "utf8"));
  // The options a service in another stack would pick: ajv's defaults, strict mode on.
  const ajvValidate = new Ajv2020({ strict: true }).compile(published);

  // Both must accept the payload, or the race would compare a failure path.
  const ours = validate("equipments.list.result", payload);
  if (!ours.ok) throw new Error(`validate() rejects the payload: ${JSON.stringify(ours.issues.slice(0, 3))}`);
  if (!ajvValidate(payload))
    throw new Error(`ajv rejects the payload: ${JSON.stringify(ajvValidate.errors)}`);

  const bytes = Buffer.byteLength(JSON.stringify(payload));
  progress(
    `validation: ${records} records (${(bytes / 1024).toFixed(0)} kB), ${rounds} rounds of ${roundMs} ms each`,
  );
  const result = opsPerSecond(
    {
      schema: () => validate("equipments.list.result", payload),
      ajv: () => ajvValidate(payload),
    },
    { rounds, roundMs },
  );
  progress(
    `validation: @wsafe/schema ${result.schema.opsPerSecond.toFixed(1)} payloads/s, ajv ${result.ajv.opsPerSecond.toFixed(1)} payloads/s: ${(result.schema.opsPerSecond / result.ajv.opsPerSecond).toFixed(2)}× (goal ≥ 0.80×)`,
  );
  return {
    records,
    payloadBytes: bytes,
    schemaPayloadsPerSecond: result.schema.opsPerSecond,
    ajvPayloadsPerSecond: result.ajv.opsPerSecond,
    rounds: { schema: result.schema.rounds, ajv: result.ajv.rounds },
  };
}
