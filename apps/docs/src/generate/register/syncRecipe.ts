// The Keeping the register page's recipe: an asset system's CSV export kept in step with
// wsafe by `external_id` upserts (update by key, create when there is none, retire what
// left the file), then a copy of the register kept in another service with
// `mirrorEquipments`. Every file, command and output is a block of the page;
// test/registerRecipe.test.ts copies each from the built page and runs it, as shown,
// against a demo server.
import { code } from "../markdown.js";
import { defaultBaseUrl } from "../sitePaths.js";

/** The files a reader saves, which are also their blocks' titles. */
export const recipeFiles = {
  csv: "assets.csv",
  sync: "sync-assets.mjs",
  mirror: "mirror-register.mjs",
  /** Where the mirror keeps its copy and cursor between runs. */
  copy: "register.json",
} as const;

/** The titles of the other blocks, which the tests copy them by. */
export const recipeTitles = {
  syncRun: `Run ${recipeFiles.sync}`,
  syncFirst: "It prints, the first time",
  csvNext: `${recipeFiles.csv}, the next day`,
  syncNext: "It prints, the next day",
  mirrorRun: `Run ${recipeFiles.mirror}`,
  mirrorFirst: "The mirror prints, the first time",
  mirrorNext: "The mirror prints, after the next day's sync",
} as const;

/** The keys the asset system owns: its own prefix, so another system's keys are left alone. */
export const systemPrefix = "ERP-";

const header = "external_id,type,serial_number,title,field_office,in_service";

/** The asset system's export on the first day: two ladders and a harness, none in wsafe yet. */
export const csvFirst = [
  header,
  "ERP-LD-0001,et_ladder,LD-2026-0001,Step ladder 2 m,fo_north,true",
  "ERP-LD-0002,et_ladder,LD-2026-0002,Extension ladder 6 m,fo_east,true",
  "ERP-HN-0107,et_harness,HN-2026-0107,Full body harness #107,fo_east,true",
].join("\n");

/** The next day: the harness moved north, the extension ladder scrapped, an extinguisher bought. */
export const csvNext = [
  header,
  "ERP-LD-0001,et_ladder,LD-2026-0001,Step ladder 2 m,fo_north,true",
  "ERP-HN-0107,et_harness,HN-2026-0107,Full body harness #107,fo_north,true",
  "ERP-EX-0031,et_extinguisher,EX-2026-0031,CO2 extinguisher 5 kg,fo_north,true",
].join("\n");

/** The sync, in plain JavaScript so that Node runs it as it is; template literals escaped. */
export const syncCode = `import { readFileSync } from "node:fs";
import { createClient, isWsafeApiError } from "@wsafe/client";

const client = createClient({ baseUrl: ${JSON.stringify(defaultBaseUrl)}, token: process.env.WSAFE_TOKEN });
// The keys this asset system owns: equipment under another prefix, or none, is left alone.
const system = ${JSON.stringify(systemPrefix)};

// The export: one row per asset. A plain split, as this file quotes nothing; read yours
// with a CSV library.
const [header, ...lines] = readFileSync(process.argv[2], "utf8").trim().split("\\n");
const names = header.split(",");
const rows = lines.map((line) => Object.fromEntries(line.split(",").map((value, i) => [names[i], value])));

/** What the asset system owns of an equipment, as wsafe's fields. */
const fields = (row) => ({
  equipmentType_id: row.type,
  serialNumber: row.serial_number,
  title: row.title,
  fieldOffice_id: [row.field_office],
  isInService: row.in_service === "true",
});

// What wsafe holds under this system's keys: every type, in service or not.
const held = new Map();
for (const type of await client.paginate("equipmentTypes.list").all()) {
  const columns = ["id", "external_id", "version"];
  const params = { equipmentType_id: type.id, service_type: "all", columns };
  for (const equipment of await client.paginate("equipments.list", params).all())
    if (equipment.external_id?.startsWith(system)) held.set(equipment.external_id, equipment);
}

const count = { created: 0, updated: 0, unchanged: 0, retired: 0 };
for (const row of rows) {
  // Each write carries an idempotency key of the client's own: a retry never writes twice,
  // and a second run finds by its key what the first created, so it never creates twice.
  try {
    // Only the fields sent change; a row that changes nothing answers the same version.
    const { equipment } = await client.equipments.update({ external_id: row.external_id, ...fields(row) });
    const outcome = equipment.version === held.get(row.external_id)?.version ? "unchanged" : "updated";
    count[outcome]++;
    console.log(\`\${row.external_id} \${outcome} (version \${equipment.version})\`);
  } catch (err) {
    if (!isWsafeApiError(err) || err.error !== "content_not_found") throw err;
    const { equipment } = await client.equipments.create({ external_id: row.external_id, ...fields(row) });
    count.created++;
    console.log(\`\${row.external_id} created (version \${equipment.version})\`);
  }
}

// A key wsafe holds that the export no longer has: the asset is gone. Its inspections stay.
const exported = new Set(rows.map((row) => row.external_id));
for (const key of held.keys()) {
  if (exported.has(key)) continue;
  await client.equipments.retire({ external_id: key });
  count.retired++;
  console.log(\`\${key} retired\`);
}
console.log(\`\${count.created} created, \${count.updated} updated, \${count.unchanged} unchanged, \${count.retired} retired\`);`;

/** What the sync prints the first time: every row is new. */
export const syncFirstOutput = [
  "ERP-LD-0001 created (version 1)",
  "ERP-LD-0002 created (version 1)",
  "ERP-HN-0107 created (version 1)",
  "3 created, 0 updated, 0 unchanged, 0 retired",
].join("\n");

/** What it prints the next day, in the export's order, then the retirements. */
export const syncNextOutput = [
  "ERP-LD-0001 unchanged (version 1)",
  "ERP-HN-0107 updated (version 2)",
  "ERP-EX-0031 created (version 1)",
  "ERP-LD-0002 retired",
  "1 created, 1 updated, 1 unchanged, 1 retired",
].join("\n");

/** The mirror in another service, in plain JavaScript; template literals escaped. */
export const mirrorCode = `import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createClient } from "@wsafe/client";
import { mirrorEquipments } from "@wsafe/client/mirror";

const client = createClient({ baseUrl: ${JSON.stringify(defaultBaseUrl)}, token: process.env.WSAFE_TOKEN });
const file = ${JSON.stringify(recipeFiles.copy)};

// The copy and where it is, as the last run left them; nothing the first time.
const saved = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : { equipments: [] };
const register = new Map(saved.equipments.map((equipment) => [equipment.id, equipment]));

const { cursor, changes } = await mirrorEquipments(client, {
  register,
  cursor: saved.cursor,
  // Each change as it is applied: write it to your own store here. The first run copies
  // the whole register and tells only how much.
  onChange: ({ id, equipment, previous }) => {
    if (saved.cursor === undefined) return;
    const key = equipment?.external_id ?? previous?.external_id ?? id;
    console.log(equipment ? \`\${previous ? "~" : "+"} \${key} (version \${equipment.version})\` : \`- \${key}\`);
  },
});
writeFileSync(file, JSON.stringify({ cursor, equipments: [...register.values()] }));
console.log(\`\${changes} change(s); holding \${register.size} equipment\`);`;

/** What the mirror prints the first time; placeholders in angle brackets. */
export const mirrorFirstOutput = "<n> change(s); holding <n> equipment";

/** What it prints after the next day's sync: each change once, in the order it was made. */
export const mirrorNextOutput = [
  "~ ERP-HN-0107 (version 2)",
  "+ ERP-EX-0031 (version 1)",
  "- ERP-LD-0002",
  "3 change(s); holding <n> equipment",
].join("\n");

/** The command that runs a script of the recipe with a token, trusting the demo's certificate. */
export function recipeCommand(script: string, token: string, ...args: string[]): string {
  return [
    "# the path npm start printed after `self-signed certificate for localhost:`",
    `NODE_EXTRA_CA_CERTS=/path/to/wsafe/.wsafe/tls/localhost-cert.pem WSAFE_TOKEN=${token} node ${[script, ...args].join(" ")}`,
  ].join("\n");
}

/** The Markdown of the recipe, from its heading on. */
export function syncRecipeSection(): string[] {
  return [
    "## Recipe: an asset system's file kept in step",
    `An asset system exports its assets every night as a CSV file, one row per asset, its own id in \`external_id\`. This script keeps wsafe's register in step with it: each row is an \`equipments.update\` by \`external_id\`, and an \`equipments.create\` when wsafe answers \`content_not_found\` (no equipment holds that key yet); an equipment under the system's keys (\`${systemPrefix}…\`) that the file no longer lists is retired. Run it as often as the file changes: a row that changed nothing changes nothing, and no run creates a second equipment for a key.`,
    "The first day's file:",
    code("text", csvFirst, recipeFiles.csv),
    `Save the script as \`${recipeFiles.sync}\` in a project that installed \`@wsafe/client\` (see [the client page](/client/)):`,
    code("js", syncCode, recipeFiles.sync),
    "Run it with a token that has `write`, trusting the demo's self-signed certificate ([how](/client/#a-development-servers-certificate)):",
    code(
      "sh",
      recipeCommand(recipeFiles.sync, "wsafe-demo-token-write", recipeFiles.csv),
      recipeTitles.syncRun,
    ),
    code("text", syncFirstOutput, recipeTitles.syncFirst),
    "## Recipe: a copy of the register in another service",
    `Another service (a dashboard, a data warehouse, a fleet tool) keeps its own copy of the whole register: every type, in service and out, removals included. \`mirrorEquipments\` of \`@wsafe/client/mirror\` reads \`equipments.changes\` from where the copy is; this script keeps the copy and its cursor in \`${recipeFiles.copy}\` between runs. Save it as \`${recipeFiles.mirror}\` and run it with a token that has \`read\`:`,
    code("js", mirrorCode, recipeFiles.mirror),
    code("sh", recipeCommand(recipeFiles.mirror, "wsafe-demo-token-read"), recipeTitles.mirrorRun),
    code("text", mirrorFirstOutput, recipeTitles.mirrorFirst),
    "The next day the harness moved to the north office, the extension ladder was scrapped and an extinguisher bought:",
    code("text", csvNext, recipeTitles.csvNext),
    `Run \`${recipeFiles.sync}\` again with it:`,
    code("text", syncNextOutput, recipeTitles.syncNext),
    `And \`${recipeFiles.mirror}\` again: only what changed since its last run, each equipment once, the scrapped ladder removed from the copy.`,
    code("text", mirrorNextOutput, recipeTitles.mirrorNext),
    `The copy in \`${recipeFiles.copy}\` now holds exactly what \`equipments.list\` returns over every type with \`service_type: "all"\`. A test runs these blocks as shown against the demo server, and checks the register and the copy against \`equipments.list\`.`,
  ];
}
