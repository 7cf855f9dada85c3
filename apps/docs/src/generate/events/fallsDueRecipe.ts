// The Events page's recipe "what falls due this month": the first page as curl lines
// (GET and POST) with the answer they get, and a whole script walking the month with
// `client.paginate("events.list", …)`. test/eventsExamples.test.ts runs the curl lines and
// the script, as a reader copies them from the built page, against a server holding the
// demo data dated at `exampleInstant`, and compares with what the page shows.
import type { EventsListParams, EventsListResult } from "@wsafe/schema";
import { demoCertificateCommand } from "../demoCertificateCommand.js";
import { exampleDay, exampleInstant } from "../exampleInstant.js";
import { curlGet, curlPost } from "../examples.js";
import { code } from "../markdown.js";
import { defaultBaseUrl, methodPath } from "../sitePaths.js";

/** The month of the examples' instant, as a window: its first millisecond to its last, both included. */
const month = {
  year: new Date(exampleInstant).getUTCFullYear(),
  index: new Date(exampleInstant).getUTCMonth(),
};

/** `December 2026`. */
export const recipeMonth = new Date(exampleInstant).toLocaleDateString("en-GB", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** The curl lines' request: the month's first page of overall status changes, three of them. */
export const fallsDueRequest = {
  token: "wsafe-demo-token-read",
  from: Date.UTC(month.year, month.index, 1),
  to: Date.UTC(month.year, month.index + 1, 1) - 1,
  types: ["equipment.status_changed"],
  limit: 3,
} as const satisfies EventsListParams;

/**
 * What the demo data dated at `exampleInstant` answers to {@link fallsDueRequest}, asked
 * before the month began (so `expected: true`, `sequence: null`); the cursor is one such.
 */
export const fallsDueFirstPage: EventsListResult = {
  ok: true,
  events: [
    {
      id: "ev_0366b086f5a60ba50894406d",
      type: "equipment.status_changed",
      occurred_at: 1796083200000,
      cause: "time",
      expected: true,
      equipment_id: "eq_h_0871",
      equipmentType_id: "et_harness",
      from: "uptodate",
      to: "expiring",
      sequence: null,
    },
    {
      id: "ev_03a69b6d566f9180059d5bee",
      type: "equipment.status_changed",
      occurred_at: 1796083200000,
      cause: "time",
      expected: true,
      equipment_id: "eq_h_0357",
      equipmentType_id: "et_harness",
      from: "uptodate",
      to: "expiring",
      sequence: null,
    },
    {
      id: "ev_03adb8b6fa8dfd9735617951",
      type: "equipment.status_changed",
      occurred_at: 1796083200000,
      cause: "time",
      expected: true,
      equipment_id: "eq_h_0188",
      equipmentType_id: "et_harness",
      from: "uptodate",
      to: "expiring",
      sequence: null,
    },
  ],
  response_metadata: {
    next_cursor:
      "v1.WyJldmVudHMubGlzdCIsImFjY19kZW1vIiwiTGRZX3ltLURhVGloSm04TCIsbnVsbCwzLFsiMTc5NjA4MzIwMDAwMCIsImV2XzAzYWRiOGI2ZmE4ZGZkOTczNTYxNzk1MSJdXQ.Ed1v5AG6KQx8mUxB3mTIeQ",
  },
};

/** The title of the script's code block: the file a reader saves it as. */
export const fallsDueScriptFile = "falls-due.mjs";

/** The title of the block holding what the script prints. */
export const fallsDueOutputTitle = `It prints, against the demo data dated in ${recipeMonth}`;

/**
 * The script, in plain JavaScript so that Node runs it as it is. One template literal:
 * its own template literals are escaped (`\${`); the base URL and the month are put in.
 */
export const fallsDueScript = `import { createClient } from "@wsafe/client";

const client = createClient({ baseUrl: ${JSON.stringify(defaultBaseUrl)}, token: "wsafe-demo-token-read" });

// A calendar month (UTC) as a window: its first millisecond to its last, both included.
const monthWindow = (year, month) => ({ from: Date.UTC(year, month, 1), to: Date.UTC(year, month + 1, 1) - 1 });
// ${recipeMonth}, the month the demo data of these pages is dated in. This month instead:
// const { from, to } = monthWindow(new Date().getUTCFullYear(), new Date().getUTCMonth());
const { from, to } = monthWindow(${month.year}, ${month.index});

// Every change of an equipment's overall status in the month, page by page, in time order;
// those time makes (cause "time") are what falls due.
const byType = new Map();
for await (const page of client.paginate("events.list", { from, to, types: ["equipment.status_changed"] })) {
  for (const event of page.events) {
    // What an import did (the demo's own first import, \`from: null\`) is no date falling due.
    if (event.cause !== "time") continue;
    const type = byType.get(event.equipmentType_id) ?? { expiring: 0, expired: [] };
    if (event.to === "expiring") type.expiring++;
    if (event.to === "expired") type.expired.push(event);
    byType.set(event.equipmentType_id, type);
  }
}
for (const [id, { expiring, expired }] of [...byType].sort(([a], [b]) => (a < b ? -1 : 1))) {
  const first = expired[0];
  const when = first ? \` (first: \${first.equipment_id} on \${new Date(first.occurred_at).toISOString().slice(0, 10)})\` : "";
  console.log(\`\${id}: \${expired.length} fall due\${when}, \${expiring} start expiring\`);
}`;

/** What the script prints against the demo data dated at `exampleInstant`. */
export const fallsDueOutput = [
  "et_extinguisher: 265 fall due (first: eq_x_0202 on 2026-12-02), 200 start expiring",
  "et_gas_detector: 130 fall due (first: eq_g_0136 on 2026-12-02), 99 start expiring",
  "et_harness: 719 fall due (first: eq_h_0505 on 2026-12-02), 390 start expiring",
  "et_ladder: 278 fall due (first: eq_l_0436 on 2026-12-02), 193 start expiring",
].join("\n");

/** The titles of the recipe's curl blocks, which the tests read the lines from. */
export const fallsDueCurlTitles = { post: "curl, POST", get: "curl, GET", answer: "The first page" } as const;

/** The Markdown of the recipe, from its heading on. */
export function fallsDueSection(): string[] {
  const { from, to } = fallsDueRequest;
  return [
    "## Recipe: what falls due this month",
    `Ask [\`events.list\`](${methodPath("events.list")}) for a window that reaches past now: what lies after the request's instant is what is expected as the data stands. For a month, \`from\` is its first millisecond and \`to\` its last (both are included); \`types: ["equipment.status_changed"]\` keeps the changes of each equipment's overall status. Here ${recipeMonth}: \`from\` ${from}, \`to\` ${to}.`,
    code("sh", curlPost("events.list", fallsDueRequest), fallsDueCurlTitles.post),
    code("sh", curlGet("events.list", fallsDueRequest), fallsDueCurlTitles.get, "wrap"),
    `Against the demo data dated as on ${exampleDay}, both answer this first page (a test sends them and compares). \`expected\` and \`sequence\` say when you ask: before an event's instant it is expected, with no \`sequence\`; after it, recorded, with the same \`id\`. Send \`response_metadata.next_cursor\` back as \`cursor\` for the next page.`,
    code("json", JSON.stringify(fallsDueFirstPage, null, 2), fallsDueCurlTitles.answer),
    "The whole month with `@wsafe/client`: `client.paginate` follows the cursors, and `for await` reads one page at a time (see [pagination](/pagination/)). A script to run against the demo server of `npm start`, with Node trusting its self-signed certificate ([how](/client/#a-development-servers-certificate)):",
    code("js", fallsDueScript, fallsDueScriptFile),
    demoCertificateCommand(fallsDueScriptFile),
    code("text", fallsDueOutput, fallsDueOutputTitle),
    `A test runs the script as shown against a server holding the demo data dated as on ${exampleDay}. Your demo dates its data around the day it first imported it, so ask for the current month (the commented line) to see its own.`,
  ];
}
