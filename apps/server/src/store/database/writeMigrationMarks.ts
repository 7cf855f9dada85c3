// Build step: writes generated/migrations.json, every migration with its upgrade mark and
// the mark's reason, read from the files by the migrator's own reader: the docs site's
// upgrade steps are made from it. Run after tsc, from any directory.
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readMigrationFiles } from "./migrationFiles.js";

const file = fileURLToPath(new URL("../../../generated/migrations.json", import.meta.url));
const marks = (await readMigrationFiles()).map(({ name, upgrade, why }) => ({ name, upgrade, why }));
mkdirSync(fileURLToPath(new URL("../../../generated/", import.meta.url)), { recursive: true });
writeFileSync(file, `${JSON.stringify(marks, null, 2)}\n`);
console.log(`@wsafe/server: wrote generated/migrations.json (${marks.length} migrations)`);
