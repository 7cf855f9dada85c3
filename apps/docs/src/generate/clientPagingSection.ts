// The client page's section on `client.paginate`: the three ways to read a walk and a
// whole script a reader runs against `npm start`'s demo server. test/clientPaging.test.ts
// runs the script as the page shows it, against a real demo server, and compares what it
// prints with the output the page claims.
import { maxPageSize } from "@wsafe/schema";
import { demoCertificateCommand } from "./demoCertificateCommand.js";
import { code, inlineCode, table } from "./markdown.js";
import { feedMethods, paginatedMethods } from "./pages/paginationPage.js";
import { defaultBaseUrl } from "./sitePaths.js";

/** The title of the script's code block: the file a reader saves it as. */
export const pagingScriptFile = "paging.mjs";

/** The title of the block holding what the script prints. */
export const pagingOutputTitle = "It prints, against a demo imported today";

/**
 * The script, in plain JavaScript so that Node runs it as it is. One template literal:
 * its own template literals are escaped (`\${`), the base URL is the only value put in.
 */
export const pagingScript = `import { createClient } from "@wsafe/client";

const client = createClient({ baseUrl: ${JSON.stringify(defaultBaseUrl)}, token: "wsafe-demo-token-read" });

// Every page, with its metadata: two equipment types a page.
for await (const page of client.paginate("equipmentTypes.list", { limit: 2 })) {
  const ids = page.equipmentTypes.map((type) => type.id);
  console.log(\`page: \${ids.join(", ")}; next_cursor \${page.response_metadata?.next_cursor ? "set" : "empty"}\`);
}

// Every record, one at a time, over as many pages as it takes; \`break\` ends the walk.
let read = 0;
for await (const resource of client.paginate("resources.list", { limit: 3 }).items()) {
  console.log(\`\${resource.id}: \${resource.versions.length} version(s)\`);
  if (++read === 4) break;
}

// Every record in one array; \`columns\` narrows the records (in TypeScript, their type too).
const expired = await client
  .paginate("equipments.list", { equipmentType_id: "et_harness", status: ["expired"], columns: ["id", "serialNumber"] })
  .all();
console.log(\`\${expired.length} expired harnesses in service, the first: \${expired[0].id} (\${expired[0].serialNumber})\`);`;

/**
 * What the script prints against a demo imported the same day: the demo arranges its
 * statuses around the moment it imports its data, so the count of expired harnesses is
 * that of a fresh demo.
 */
export const pagingOutput = [
  "page: et_ladder, et_extinguisher; next_cursor set",
  "page: et_harness, et_gas_detector; next_cursor empty",
  "res_fall_protection: 1 version(s)",
  "res_ladder_use: 2 version(s)",
  "res_fire_plan: 3 version(s)",
  "res_gas_alarm: 4 version(s)",
  "591 expired harnesses in service, the first: eq_h_0001 (HN-2020-0001)",
].join("\n");

/** The Markdown of the section, from its heading on. */
export function clientPagingSection(): string[] {
  return [
    "## Pages",
    `\`client.paginate(method, params)\` walks a paginated method (${paginatedMethods.map((method) => inlineCode(method.name)).join(", ")}: every method that answers in pages) page by page, following \`response_metadata.next_cursor\` until it is \`""\`. Each page is one call, with the client's retries, timeout and your \`signal\`. Nothing is requested before you iterate; \`limit\` defaults to ${maxPageSize} (the largest page), and a \`cursor\` in \`params\` resumes a walk. See [pagination](/pagination/) for how a walk behaves.${feedMethods.length ? ` A feed (${feedMethods.map((method) => inlineCode(method.name)).join(", ")}) takes \`cursor\` too but never ends: \`paginate\` does not walk it, \`mirrorEquipments\` of \`@wsafe/client/mirror\` keeps a copy with it (see [Keeping the register](/register/#the-mirror)).` : ""}`,
    table(
      ["Read it with", "You get"],
      [
        [
          "`for await (const page of client.paginate(method, params))`",
          "Every page, with its `response_metadata`.",
        ],
        [
          "`for await (const record of client.paginate(method, params).items())`",
          "Every record, one at a time.",
        ],
        ["`await client.paginate(method, params).all()`", "Every record, in one array."],
      ],
    ),
    "Leaving a `for await` early (`break`, `return`, a throw) ends the walk: no further page is requested. With a literal `columns` list the records are typed with those fields only, as in a call.",
    `A whole script, to run against the demo server of \`npm start\` (Node trusts its self-signed certificate once told where it is: see [below](#a-development-servers-certificate)):`,
    code("js", pagingScript, pagingScriptFile),
    demoCertificateCommand(pagingScriptFile),
    code("text", pagingOutput, pagingOutputTitle),
    "The demo arranges its statuses around the moment it imports its data, so a demo imported on another day finds another count of expired harnesses.",
  ];
}
