// The dataset format (`datasetSchema` of `@wsafe/schema`): one table per list, generated from the
// published Dataset JSON Schema, and the import rules.
import { datasetSchema } from "@wsafe/schema";
import { toJsonSchema } from "@wsafe/schema/openapi";
import { propertyRows, resolve, type SchemaNode } from "../jsonSchemaText.js";
import { code, frontMatter, inlineCode, nameTable, page } from "../markdown.js";
import { schemaFilePath } from "../sitePaths.js";

const example = {
  accounts: [{ id: "acc_1", name: "Acme", active: true }],
  tokens: [{ token: "plain-secret-at-least-16", account_id: "acc_1", active: true, permissions: ["read"] }],
  users: [{ id: "u_1", account_id: "acc_1", name: "Ada Lovelace" }],
  resources: [
    {
      account_id: "acc_1",
      id: "res_1",
      title: "Fall protection procedure",
      created: 1717230000000,
      sequence: 1,
      category_id: "cat_procedures",
      tags: ["height"],
      shouldBeAvailableOffline: true,
      versions: [
        {
          creator_id: "u_1",
          created: 1717230000000,
          approvedOn: 1717316400000,
          version: "1.0",
          description: "First issue.",
          type: "file",
        },
      ],
    },
  ],
  equipmentTypes: [
    { id: "et_1", account_id: "acc_1", name: "Harness", metafields: [{ id: "mf_1", name: "Length (m)" }] },
  ],
  equipments: [
    {
      id: "eq_1",
      serialNumber: "HN-0001",
      equipmentType_id: "et_1",
      created: 1717230000000,
      parent_id: "",
      fieldOffice_id: ["fo_north"],
      lineOfBusiness_id: "",
      assignedUsers_id: ["u_1"],
      notes: "",
      isInService: true,
      metavalues: { mf_1: 1.8 },
      schedules: [
        {
          schedule_id: "s_1",
          expiresOn: 1798761600000,
          expiringOn: 1793491200000,
          lastCompletedOn: 1767225600000,
        },
      ],
    },
  ],
};

// The example is parsed at build time so that the page can never show an invalid dataset.
datasetSchema.parse(example);

function listSection(name: string, list: SchemaNode, root: SchemaNode): string {
  const item = resolve(list.items as SchemaNode, root);
  const rows = propertyRows(item, root).map((row) => [
    inlineCode(row.name),
    row.type,
    row.required ? "yes" : "no",
    row.default ?? "",
    [row.description, ...row.rules.map((rule) => `Rule: ${rule}.`)].join(" "),
  ]);
  return page(
    `### ${inlineCode(name)}`,
    nameTable(["Field", "Type", "Required", "Default", "Notes"], rows),
  ).trimEnd();
}

/** The Markdown of the dataset page. */
export function datasetPage(): string {
  const schema = toJsonSchema("Dataset") as SchemaNode;
  const lists = Object.entries(schema.properties as Record<string, SchemaNode>);
  return page(
    frontMatter({
      title: "Dataset format",
      description: "The one JSON document for imports, demo data and test fixtures.",
    }),
    String(schema.description ?? ""),
    `A dataset is one JSON document, validated like any payload (JSON Schema: [Dataset.json](${schemaFilePath("Dataset")})). It is what \`wsafe import FILE\` reads, what \`--demo\` loads and what the tests use as fixtures. Data enters the service only this way, never through the public methods.`,
    code("json", JSON.stringify(example, null, 2), "dataset.json"),
    "## Rules",
    [
      "- Every list may be omitted. Unknown keys are refused: the document is strict.",
      "- Statuses are never stored or imported: they are computed at request time (see [Schedule](/records/schedule/)).",
      "- A schedule whose `expiringOn` is after its `expiresOn` is imported as written, with a warning on stderr naming it (`wsafe: warning: 1 schedule starts expiring after it expires ...`): it goes from `uptodate` straight to `expired` and is never `expiring`, which is seldom what a file means. The import is not refused for it, since the two dates are each valid and an import is all or nothing.",
      "- An equipment's account is its equipment type's account.",
      "- Import is one transaction: all or nothing; an invalid document changes nothing.",
      "- Into an empty store (a first load) the import drops the tables' keys and indexes and builds them again once the rows are in, as `pg_restore` does, and holds exclusive locks on those tables until it commits: a server already running on the same PostgreSQL database waits for it. An import into a store that holds data takes no such lock.",
      "- Importing the same ids again updates those records (upsert); records not named are kept.",
      "- An update never moves a record to another account: a user, resource, equipment type, equipment (through its type) or token that the store holds under one account and the document gives to another fails the import, naming both accounts. Tenants stay apart even when a document is wrong.",
      "- A metavalue key must be a metafield of the equipment's type.",
      "- Every referenced id (account, equipment type, a user in `assignedUsers_id` or `creator_id`) must exist in the store or in the same document, else the import fails with a message naming the record and field.",
      "- An invalid file is reported whole, in one run: the shape's problems and the references' (those of a record with a missing field too), the first 50 listed and the rest counted. Each names its record by id where it has one (`equipment \"eq_h_0003\": required field `serialNumber` missing`; tokens by position), and a record refused for a move to another account comes first, with the references that fail only because of it listed under it. A file that is not JSON is refused with the line and column of the fault and the line itself. `npx -p @wsafe/schema wsafe-schema validate Dataset FILE` checks the shape with the same words, without a store.",
      "- Tokens are stored as hashes only; the plain secret in the file is never stored.",
    ].join("\n"),
    "## Lists",
    ...lists.map(([name, list]) => listSection(name, list, schema)),
  );
}
