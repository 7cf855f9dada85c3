// Pagination and the audit recipe: limit/cursor, next_cursor, how a walk stays
// consistent, and "which equipment will be overdue by date X" as a curl line and a
// client snippet. Parameter texts, the paginated methods and the recipe's request come
// from the schema (the recipe is the registry example that asks it).
import { maxPageSize, methods, methodUrlPath, paginationShape, requestMediaType } from "@wsafe/schema";
import { toJsonSchema } from "@wsafe/schema/openapi";
import { exampleDay } from "../exampleInstant.js";
import { curlGet, curlPost, shellQuote } from "../examples.js";
import { propertyRows, type SchemaNode } from "../jsonSchemaText.js";
import { code, frontMatter, inlineCode, nameTable, page, table } from "../markdown.js";
import { defaultBaseUrl, methodGuides, methodPath } from "../sitePaths.js";

/**
 * The registry's methods that answer in pages (those that declare a walk), each with its
 * walk. A feed (`feed`) takes `cursor` too but never ends: it is not walked as pages.
 */
export const paginatedMethods = Object.values(methods).flatMap((method) =>
  method.pagination ? [{ name: method.name, walk: method.pagination }] : [],
);

/** The registry's methods that answer a feed of changes (`feed`), each with its feed. */
export const feedMethods = Object.values(methods).flatMap((method) =>
  method.feed ? [{ name: method.name, feed: method.feed }] : [],
);

/** The registry example that asks the audit question: a status filter at another instant. */
export function auditExample() {
  const example = methods["equipments.list"].examples.find(
    (candidate) => "as_of" in candidate.request && "status" in candidate.request,
  );
  if (!example) throw new Error("equipments.list has no example with as_of and status");
  return example;
}

function parameterRows(): string[][] {
  const schema = toJsonSchema("resources.list.params") as SchemaNode;
  return propertyRows(schema, schema)
    .filter((row) => Object.hasOwn(paginationShape, row.name))
    .map((row) => [
      inlineCode(row.name),
      row.type,
      [row.description, ...row.rules.map((rule) => `Rule: ${rule}.`)].join(" "),
    ]);
}

function recipeClient(request: Record<string, unknown>): string {
  // paginate's own page size (the largest) serves `.all()` best; the example's is for reading.
  const { token: _token, limit: _limit, ...params } = request;
  return [
    `import { createClient } from "@wsafe/client";`,
    "",
    `const client = createClient({ baseUrl: ${JSON.stringify(defaultBaseUrl)}, token: process.env.WSAFE_TOKEN! });`,
    "// Every equipment of the type whose status at the audit is one of these, over as many pages as it takes.",
    `const overdue = await client.paginate("equipments.list", ${JSON.stringify(params, null, 2)}).all();`,
    "for (const { id, serialNumber } of overdue) console.log(id, serialNumber);",
  ].join("\n");
}

/** The Markdown of the pagination page. */
export function paginationPage(): string {
  const audit = auditExample();
  const request = audit.request as Record<string, unknown>;
  const paged = { ...request, limit: 100 };
  const url = `${defaultBaseUrl}${methodUrlPath("equipments.list")}`;
  return page(
    frontMatter({
      title: "Pagination",
      description: "limit, cursor and next_cursor; consistent walks; the audit question as of a date.",
    }),
    `Lists can be read in pages. Send \`limit\` (1 to ${maxPageSize}) and the answer holds at most that many records, in the list's usual order, plus \`response_metadata.next_cursor\`: send it back as \`cursor\` for the next page; it is \`""\` after the last. Without \`limit\` and \`cursor\` a method answers its whole list, as it always did.`,
    table(
      ["Method", "Pages follow", "A walk keeps"],
      paginatedMethods.map((method) => [
        `[${inlineCode(method.name)}](${methodPath(method.name)})`,
        method.walk.order.map(inlineCode).join(", then "),
        method.walk.filters.map(inlineCode).join(", ") || "(nothing but the account)",
      ]),
    ),
    ...feedMethods.map(
      (method) =>
        `[${inlineCode(method.name)}](${methodPath(method.name)}) takes \`cursor\` too, but answers a feed of changes, not pages: its \`next_cursor\` is always present and a feed never ends (see [${methodGuides[method.name]?.title ?? "its page"}](${methodGuides[method.name]?.path ?? methodPath(method.name)})).`,
    ),
    "## Parameters",
    nameTable(["Parameter", "Type", "Description and rules"], parameterRows()),
    code(
      "json",
      JSON.stringify(
        { ok: true, equipmentTypes: ["…"], response_metadata: { next_cursor: "v1.WyJlcXVpcG1lbnRUeXBlcy…" } },
        null,
        2,
      ),
      "A page, and where the next one starts",
    ),
    "## How a walk behaves",
    [
      "- **Keyset, not offset.** A page starts right after the last record of the previous one, by the list's order, through the store's index: page 50 of 50 costs what page 1 costs.",
      "- **No repeats, no skips.** Records imported while you walk never make a record appear twice or be skipped; a record added behind your position is not seen, one added ahead of it is.",
      "- **One instant.** `equipments.list` computes statuses at the first page's instant (now, or `as_of`) for the whole walk, so a record's status and the `status` filter cannot shift between pages.",
      '- **Cursors are bound to their walk.** A cursor is signed by the service: one that was altered, comes from another account or method, or is sent with another value of a parameter the walk keeps (the table above) answers `parameter_invalid` naming `cursor`. The other parameters (`limit`, `columns`, `include_null_metavalues`, `pretty`) may change from page to page. Never send `cursor: ""`; leave it out to start.',
      "- **Cursors outlive a server.** Every server of a deployment, and a restarted one, accepts the cursors of the others.",
    ].join("\n"),
    "## Recipe: what will be overdue at the audit",
    `Statuses change with time alone. To ask which equipment will be expired on the day of an audit, filter on \`status\` and compute statuses \`as_of\` that day (milliseconds since the epoch; here ${new Date(request.as_of as number).toISOString().slice(0, 10)}). The same works for a past date: what was expired then.`,
    code("sh", curlPost("equipments.list", request), "curl, POST"),
    code("sh", curlGet("equipments.list", request), "curl, GET"),
    "Page by page, with a cursor:",
    code(
      "sh",
      [
        `next=$(curl -sk ${url} -H 'Content-Type: ${requestMediaType}' \\`,
        `  -d ${shellQuote(JSON.stringify(paged))} | jq -r .response_metadata.next_cursor)`,
        `curl -sk ${url} -H 'Content-Type: ${requestMediaType}' \\`,
        `  -d "$(jq -nc --arg c "$next" '${JSON.stringify({ ...paged, cursor: "CURSOR" }).replace('"CURSOR"', "$c")}')"`,
      ].join("\n"),
      "curl and jq, the second page",
    ),
    code("ts", recipeClient(request), "@wsafe/client"),
    `Against the demo data (\`npm start\`), dated as on ${exampleDay}, the first page of ${request.limit ?? "the"} records answers as below (a test sends it and compares, cursor aside); \`next_cursor\` leads to the rest, and \`.all()\` reads every page. Your demo dates its data around the moment it first imported it, so the same \`as_of\` may find other records.`,
    code("json", JSON.stringify(audit.response, null, 2), "The first page"),
  );
}
