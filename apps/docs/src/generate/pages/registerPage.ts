// The Keeping the register page: the register's writes (equipment, types, schedules) for
// the teams whose asset system owns the records, the caller's own key, versions, the
// events, and the mirror that keeps a copy exact through `equipments.changes`; then the
// recipe of an asset system's file kept in step and a copy in another service. The rules
// are the schema's words (the methods' description paragraphs, the fields' descriptions,
// the event types' and error identifiers' meanings); the page orders them.
import {
  apiCauseMeanings,
  defaultEventTypes,
  durationWords,
  equipmentVersionSchema,
  errorDescriptions,
  externalIdSchema,
  idempotencyKeyLifetimeMs,
  type MethodName,
  methods,
  recordEventTypeMeanings,
  registerWriteMethods,
} from "@wsafe/schema";
import { code, frontMatter, inlineCode, nameTable, page, table } from "../markdown.js";
import { syncRecipeSection } from "../register/syncRecipe.js";
import { errorPath, methodPath } from "../sitePaths.js";
import { methodParagraph } from "./inspectionsPage.js";
import { oneOfWords } from "./methodPage.js";

const link = (name: MethodName) => `[${inlineCode(name)}](${methodPath(name)})`;
const paragraph = (name: MethodName, start: string) => methodParagraph(methods[name], start);

/** The identifiers the register's methods answer beyond every write's. */
export const registerRefusals = [
  "external_id_taken",
  "version_mismatch",
  "metafield_in_use",
  "cursor_expired",
] as const;

/** One row per write: what it does, and how it finds the record it changes. */
function writeRows(): string[][] {
  return registerWriteMethods.map((name) => {
    const method = methods[name];
    const finds = method.requiresOneOf
      ? oneOfWords(method.requiresOneOf)
      : "equipment_id" in method.params.shape
        ? inlineCode("equipment_id")
        : "id" in method.params.shape
          ? inlineCode("id")
          : "(makes a new one)";
    return [link(name), method.summary, finds];
  });
}

/** The mirror's few lines with `@wsafe/client`. */
const mirrorSnippet = [
  'import { createClient } from "@wsafe/client";',
  'import { mirrorEquipments } from "@wsafe/client/mirror";',
  "",
  "const register = new Map(); // id -> Equipment",
  "let { cursor } = await mirrorEquipments(client, { register });",
  "// Later, as often as you like: only what changed since.",
  "({ cursor } = await mirrorEquipments(client, { register, cursor, onChange: (change) => save(change) }));",
].join("\n");

/** The Markdown of the Keeping the register page. */
export function registerPage(): string {
  return page(
    frontMatter({
      title: "Keeping the register",
      description:
        "Equipment, types and schedules written by the teams that own them, under their own keys, and a copy of the register kept exact, removals included.",
    }),
    `A team whose asset system (an ERP, a fleet tool, a spreadsheet) is the source of truth keeps wsafe's register in step through the write methods below: the forklift bought this morning, the harness moved to another site, the hoist taken out of service, the ladder scrapped, a schedule that falls due more often. And it keeps its own copy of wsafe's register exact with ${link("equipments.changes")}: one cursor, every type, removals included.`,
    "## The writes",
    nameTable(["Method", "What it does", "Finds its record by"], writeRows()),
    [
      "- **Permission.** Each needs a token with `write` (see [authentication](/authentication/)); `equipments.changes` needs `read`.",
      `- **Retry-safe.** Each takes \`idempotency_key\`, kept ${durationWords(idempotencyKeyLifetimeMs)} from its first use: sent again with the same parameters it changes nothing more and answers the first answer. \`@wsafe/client\` sends a key of its own with every write (see [retries](/client/retries/)).`,
      "- **All or nothing.** A refusal changes nothing: no record, no version, no event, no key kept.",
      "- **The answer is the record.** An equipment write answers `{ ok, equipment }`, the equipment as `equipments.list` returns it at that instant (a retirement adds `retired_at`); a type write answers `{ ok, equipmentType }`.",
      `- **Recorded with its events.** ${apiCauseMeanings.api}`,
    ].join("\n"),
    "The values follow the [dataset](/dataset/)'s rules: an import and the API accept the same values, and `wsafe import` is the bulk form of the same writes.",
    "## Your own key: external_id",
    externalIdSchema.description ?? "",
    paragraph("equipments.create", "`external_id` is your own key"),
    paragraph("equipments.update", "With `id`, `external_id` is the key"),
    "So a sync needs no table of wsafe's ids: it updates by its own key, and creates when that answers `content_not_found`. A second run, or a retry after a lost answer, never makes a second equipment for one key (the recipe below).",
    "## Versions and if_version",
    equipmentVersionSchema.description ?? "",
    paragraph("equipments.update", "`if_version` makes the change conditional"),
    paragraph("equipments.update", "A request that changes nothing"),
    "## Retiring",
    paragraph("equipments.retire", "Retires the equipment"),
    paragraph("equipments.retire", "Retiring an equipment that is retired already"),
    "## Schedules",
    paragraph("schedules.set", "Adds the schedule"),
    paragraph("schedules.set", "The dates after the change"),
    paragraph("schedules.remove", "Removes the schedule"),
    "## Equipment types",
    paragraph("equipmentTypes.create", "Makes an equipment type"),
    paragraph("equipmentTypes.update", "A metafield still set"),
    "## Events",
    `Every write is an [event](/events/) of cause \`api\`, and so are the changes of status it causes. The record's own events carry the record; a receiver gets them only where it names them in \`types\` (one that names none gets ${defaultEventTypes.map(inlineCode).join(" and ")}, as before they existed):`,
    table(
      ["Type", "Meaning"],
      Object.entries(recordEventTypeMeanings).map(([type, meaning]) => [inlineCode(type), meaning]),
    ),
    "A receiver should accept an event type it does not know, as it may meet another in a later minor version.",
    "## The mirror",
    methods["equipments.changes"].summary,
    paragraph("equipments.changes", "A change is anything"),
    paragraph("equipments.changes", "`next_cursor` is always present"),
    paragraph("equipments.changes", "The service keeps changes"),
    "`mirrorEquipments` of `@wsafe/client/mirror` does all of it: it calls the feed until `has_more` is false, applies each answer to your `Map`, calls `onChange` with each change and what it replaced, and answers the cursor to keep. Without a cursor, or on `cursor_expired`, it reads the whole register again and removes from the copy what that read did not name.",
    code("ts", mirrorSnippet, "@wsafe/client"),
    "## Refusals",
    table(
      ["Error", "When"],
      registerRefusals.map((identifier) => [
        `[${inlineCode(identifier)}](${errorPath(identifier)})`,
        errorDescriptions[identifier],
      ]),
    ),
    "Each method's page lists every identifier it answers, with examples.",
    ...syncRecipeSection(),
  );
}
