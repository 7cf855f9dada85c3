// One page per record of the catalog: its description, a field table with types and
// notes, and for the records that carry a status, the rules that compute it.
import { schemaCatalog } from "@wsafe/schema";
import { toJsonSchema } from "@wsafe/schema/openapi";
import { propertyRows, resolve, type SchemaNode } from "../jsonSchemaText.js";
import { code, frontMatter, inlineCode, nameTable, page, table } from "../markdown.js";
import { schemaFilePath } from "../sitePaths.js";
import { equipmentStatusRules, scheduleStatusTable, statusValues } from "./statusRules.js";

function fieldTable(schema: SchemaNode): string {
  const rows = propertyRows(schema, schema).map((row) => [
    inlineCode(row.name),
    row.type,
    row.required ? "always" : "may be left out",
    [row.description, ...row.rules.map((rule) => `Rule: ${rule}.`)].join(" "),
  ]);
  return nameTable(["Field", "Type", "Present", "Notes"], rows);
}

const download = (name: string) =>
  `JSON Schema: [${name}.json](${schemaFilePath(name)}) (its \`$id\` is this URL on the published site).`;

const extraSections: Record<string, () => (string | false)[]> = {
  Equipment: () => [
    "## Status",
    equipmentStatusRules(),
    "## Selected fields",
    "`equipments.list` with `columns` returns each equipment limited to the named fields, in the canonical order of the table above; a record leaves out `clients_id` and `title` when it has none. That shape is published as " +
      `[EquipmentSelection.json](${schemaFilePath("EquipmentSelection")}): ${schemaCatalog.EquipmentSelection.schema.meta()?.description ?? ""}`,
  ],
  Schedule: () => ["## Status", scheduleStatusTable()],
  Status: () => ["## Values", statusValues(), "## Rules", scheduleStatusTable(), equipmentStatusRules()],
};

function valueSection(name: string, schema: SchemaNode): string[] {
  if (name === "Metavalues") {
    const value = resolve(schema.additionalProperties as SchemaNode, schema);
    return [
      "## Shape",
      "An object whose keys are metafield ids (non-empty strings) of the equipment's type. Each value is one of:",
      table(
        ["Value", "Meaning"],
        [
          ["number", "A numeric metavalue."],
          ["string", "A text metavalue."],
          [
            '`{ "item_ids": integer[] }`',
            String(resolve({ $ref: "#/$defs/ItemIdsValue" }, schema).description ?? ""),
          ],
          [
            "`null`",
            "Only with `include_null_metavalues: true`: a metafield of the type that this equipment leaves unset.",
          ],
        ],
      ),
      code(
        "json",
        JSON.stringify(
          { mf_length: 1.8, mf_brand: "Petzl", mf_sites: { item_ids: [4, 7] }, mf_colour: null },
          null,
          2,
        ),
        "Example",
      ),
      value.description ? `Each value: ${String(value.description)}` : "",
    ];
  }
  return [];
}

/** The Markdown of a record's page. */
export function recordPage(name: keyof typeof schemaCatalog, order: number): string {
  const schema = toJsonSchema(name) as SchemaNode;
  const description: string = String(schema.description ?? schemaCatalog[name].description);
  const isObject = schema.type === "object" && schema.properties !== undefined;
  return page(
    frontMatter({ title: name, description: schemaCatalog[name].description, sidebar: { order } }),
    description,
    download(name),
    isObject && "## Fields",
    isObject && fieldTable(schema),
    ...valueSection(name, schema),
    ...(extraSections[name]?.() ?? []),
  );
}
