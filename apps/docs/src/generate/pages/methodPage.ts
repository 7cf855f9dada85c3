// One page per registry method: what it does, its parameters, its answer, the errors
// it can return, examples in every form a caller copies, and the try-it console.
import type { MethodDefinition } from "@wsafe/schema";
import { errorDescriptions, methodUrlPath } from "@wsafe/schema";
import { toJsonSchema } from "@wsafe/schema/openapi";
import { exampleDay } from "../exampleInstant.js";
import { clientSnippet, curlGet, curlPost } from "../examples.js";
import { type PropertyRow, propertyRows, type SchemaNode } from "../jsonSchemaText.js";
import { code, frontMatter, inlineCode, nameTable, page } from "../markdown.js";
import { defaultBaseUrl, errorPath, methodGuides, schemaFilePath } from "../sitePaths.js";
import { tryItConsoleHtml } from "../tryItConsoleHtml.js";

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** `` `id` or `external_id` ``: the parameters of which a request sends at least one. */
export const oneOfWords = (names: readonly string[]) => names.map(inlineCode).join(" or ");

function requiredText(method: MethodDefinition, row: PropertyRow): string {
  if (row.required) return "yes";
  if (method.requiresOneOf?.includes(row.name)) return `one of ${oneOfWords(method.requiresOneOf)}`;
  return row.default ? `no, default ${row.default}` : "no";
}

function parameterTable(method: MethodDefinition): string {
  const schema = toJsonSchema(`${method.name}.params` as never) as SchemaNode;
  const rows = propertyRows(schema, schema).map((row) => [
    inlineCode(row.name),
    row.type,
    requiredText(method, row),
    [row.description, ...row.rules.map((rule) => `Rule: ${rule}.`)].join(" "),
  ]);
  return nameTable(["Parameter", "Type", "Required", "Description and rules"], rows);
}

function resultTable(method: MethodDefinition): string {
  const schema = toJsonSchema(`${method.name}.result` as never) as SchemaNode;
  const rows = propertyRows(schema, schema).map((row) => [
    inlineCode(row.name),
    row.type,
    [row.description || (row.name === "ok" ? "Always `true` on success." : ""), ...row.rules].join(" "),
  ]);
  return nameTable(["Field", "Type", "Description"], rows);
}

function errorTable(method: MethodDefinition): string {
  const rows = method.errors.map((identifier) => [
    `[${inlineCode(identifier)}](${errorPath(identifier)})`,
    errorDescriptions[identifier],
  ]);
  return nameTable(["Error", "When"], rows);
}

function exampleSection(method: MethodDefinition, example: MethodDefinition["examples"][number]): string {
  const request = example.request as Record<string, unknown>;
  return page(
    `### ${example.title}`,
    code("json", json(request), "Request data"),
    code("sh", curlGet(method.name, request), "GET", "wrap"),
    code("sh", curlPost(method.name, request), "POST"),
    code("json", json(example.response), "Response"),
  ).trimEnd();
}

/** What the parameters section says of the request pipeline's parameter checks. */
function parameterChecksText(method: MethodDefinition): string {
  const oneOf = method.requiresOneOf
    ? ` One of ${oneOfWords(method.requiresOneOf)} is required: a request with neither answers \`parameter_missing\` naming both.`
    : "";
  return `The request data is one JSON object. A key that is not listed answers \`parameter_unexpected\`; a missing required one \`parameter_missing\`; a wrong type or value \`parameter_invalid\`.${oneOf}`;
}

/**
 * For a method that answers a feed of changes (`feed` in the registry): how it differs
 * from a walk of pages, in the words of its own fields.
 */
function feedSection(method: MethodDefinition): string[] {
  const { feed } = method;
  if (!feed) return [];
  const [entries, key, record] = [feed.entries, feed.key, feed.record].map(inlineCode);
  const guide = methodGuides[method.name];
  return [
    "## A feed, not pages",
    `This method answers a feed of changes, not a list in [pages](/pagination/). Each answer's ${entries} holds what changed after the \`cursor\` you sent, each ${key} at most once, with ${record} as it is now, or \`null\` once it is gone. \`next_cursor\` is always there, at the end too: keep it and ask again later; \`has_more: true\` means more changes wait now. Apply each answer in order (put each ${record} under its ${key}, delete each ${key} whose ${record} is \`null\`) and your copy stays exact, removals included.`,
    `A walk of pages ends; a feed does not, so \`client.paginate\` does not walk it.${guide ? ` See [${guide.title}](${guide.path}) for a copy kept this way.` : ""}`,
  ];
}

/** What the examples' responses are, and how far a reader's demo answers the same. */
export const examplesNote = `Each response is what the demo server answers (\`npm start\`, token \`wsafe-demo-token-read\`), its data dated as on ${exampleDay}; a test sends every example to such a server and compares, cursors aside. Your demo dates its data around the moment it first imported it: its timestamps are shifted by the difference, and so may be statuses \`as_of\` a fixed date; ids, names and the statuses on the day of the import are the same.`;

/** The Markdown of a method's page. */
export function methodPage(method: MethodDefinition, order: number): string {
  const first = method.examples[0]!.request as Record<string, unknown>;
  const guide = methodGuides[method.name];
  return page(
    // The default slug would drop the dot (`resourceslist`); the wire name is the URL.
    frontMatter({
      title: method.name,
      description: method.summary,
      slug: `methods/${method.name}`,
      sidebar: { order },
    }),
    `**${method.summary}**`,
    [
      `- **URL:** ${inlineCode(`${defaultBaseUrl}${methodUrlPath(method.name)}`)}, GET or POST (see [conventions](/conventions/))`,
      `- **Permission:** ${inlineCode(method.permission)} (see [authentication](/authentication/))`,
      `- **JSON Schema:** [${method.name}.params.json](${schemaFilePath(`${method.name}.params`)}), [${method.name}.result.json](${schemaFilePath(`${method.name}.result`)})`,
      ...(guide ? [`- **Guide:** [${guide.title}](${guide.path}): ${guide.about}`] : []),
    ].join("\n"),
    method.description,
    "## Parameters",
    parameterChecksText(method),
    parameterTable(method),
    "## Response",
    "On success the body is `ok: true` with these fields:",
    resultTable(method),
    ...feedSection(method),
    "## Errors",
    'Every failure is HTTP 200 with `{ "ok": false, "error": <identifier>, "description": <text> }`. This method can answer with these identifiers; when several checks fail, the [first in pipeline order](/errors/#precedence) answers.',
    errorTable(method),
    "## Examples",
    examplesNote,
    ...method.examples.map((example) => exampleSection(method, example)),
    "## With @wsafe/client",
    "The typed client sends the same request data (the token comes from the client's options), returns the success body and throws a typed error with the `error` identifier on failure:",
    code("ts", clientSnippet(method.name, first)),
    "## Try it",
    `Sends the request from your browser to a running server with \`@wsafe/client\`. The base URL starts as this page's own address: where \`wsafe serve\` serves this site, as \`npm start\` does at ${inlineCode(defaultBaseUrl)}, the console calls that very server. Elsewhere, give a server's address (with a self-signed certificate, open that address once and accept it, or run the server with \`--http\` and use \`http://\`). The console remembers the last one you sent to.`,
    tryItConsoleHtml(method.name, first),
  );
}
