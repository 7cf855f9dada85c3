// The Recording inspections page: the loop a safety team lives in (falls due, told,
// inspected, recorded, up to date), each rule of `inspections.record` and
// `inspections.list`, and the recipe of a receiver that records an inspection when told a
// schedule is expiring. The rules are the schema's words (the methods' description
// paragraphs, the parameters' and fields' descriptions, the cause's meaning); the page
// orders them and adds the how-to.
import {
  durationWords,
  eventCauseMeanings,
  idempotencyKeyLifetimeMs,
  inspectionResultMeanings,
  inspectionSchema,
  methods,
  requestEnvelopeShape,
  scheduleSchema,
} from "@wsafe/schema";
import { expiringReceiverSection } from "../inspections/expiringReceiverRecipe.js";
import {
  inspectionLoop,
  inspectionLoopAltText,
  inspectionLoopImagePath,
} from "../inspections/inspectionLoopSvg.js";
import { frontMatter, inlineCode, nameTable, page, table } from "../markdown.js";
import { errorPath, methodPath } from "../sitePaths.js";
import { eventFieldDescription } from "./eventsPage.js";

const record = methods["inspections.record"];
const list = methods["inspections.list"];

type Described = { description?: string; isOptional(): boolean; unwrap?: () => Described };

/** The description of a schema field, an optional one's on the schema it wraps. */
function describedBy(field: Described, name: string): string {
  const description = field.description ?? field.unwrap?.().description;
  if (!description) throw new Error(`${name} has no description`);
  return description;
}

/**
 * The paragraph of a method's description that begins with `start`: the page quotes the
 * method's own words, and fails the build when a paragraph it relies on is gone.
 */
export function methodParagraph(method: { name: string; description: string }, start: string): string {
  const paragraph = method.description.split("\n\n").find((candidate) => candidate.startsWith(start));
  if (!paragraph) throw new Error(`${method.name}'s description has no paragraph beginning "${start}"`);
  return paragraph;
}

/** One row per parameter of `inspections.record`: name, required or not, its rule. */
function parameterRows(): string[][] {
  const shape = record.params.shape as unknown as Record<string, Described>;
  return Object.entries(shape)
    .filter(([name]) => !(name in requestEnvelopeShape))
    .map(([name, field]) => [
      inlineCode(name),
      field.isOptional() ? "optional" : "required",
      name === "result"
        ? Object.entries(inspectionResultMeanings)
            .map(([result, meaning]) => `\`${result}\`: ${meaning}`)
            .join(" ")
        : describedBy(field, `inspections.record's ${name}`),
    ]);
}

/** One row per field of the Inspection record. */
function inspectionFieldRows(): string[][] {
  const shape = inspectionSchema.shape as unknown as Record<string, Described>;
  return Object.entries(shape).map(([name, field]) => [
    inlineCode(name),
    describedBy(field, `Inspection.${name}`),
  ]);
}

const scheduleField = (name: "interval" | "warning") =>
  describedBy(scheduleSchema.shape[name] as unknown as Described, `Schedule.${name}`);

/** The Markdown of the Recording inspections page. */
export function inspectionsPage(): string {
  return page(
    frontMatter({
      title: "Recording inspections",
      description:
        "Close the loop: a schedule falls due, your team is told, inspects, records the inspection through inspections.record, and the schedule is up to date again.",
    }),
    `wsafe tells a team when an inspection falls due ([events](/events/), [webhooks](/webhooks/)); the team tells wsafe that it was done with [\`inspections.record\`](${methodPath("inspections.record")}). ${record.summary} Each inspection is kept as the certification record (the date, who inspected, the equipment's identity, the result and the next due date set by the competent person), never overwritten; [\`inspections.list\`](${methodPath("inspections.list")}) reads them back.`,
    "## The loop",
    `![${inspectionLoopAltText}](${inspectionLoopImagePath})`,
    inspectionLoop
      .map((stage, index) => `${index + 1}. **${stage.name}** (${stage.detail}), then: ${stage.next}.`)
      .join("\n"),
    "Time alone moves a schedule to `expiring` and `expired`; an import or an inspection moves it back. Every change is an [event](/events/), delivered to [webhook](/webhooks/) endpoints and the event stream.",
    "## Recording an inspection",
    methodParagraph(record, "Records that the user"),
    nameTable(["Parameter", "", "Rule"], parameterRows()),
    "## What it changes",
    `- **Passed.** ${methodParagraph(record, "A `passed` inspection")}`,
    `- **Failed.** ${methodParagraph(record, "A `failed` inspection")}`,
    `- **A late entry.** ${methodParagraph(record, "An inspection performed before")}`,
    "The answer is `{ ok: true, inspection, equipment, late_entry }`: the inspection as recorded, and the equipment as `equipments.list` returns it at `recorded_at`, so a client shows the new status without asking again.",
    "### A schedule's interval and warning",
    `A schedule's next dates come from two optional fields, in the [dataset](/dataset/) and on the [Schedule](/records/schedule/) record: ISO 8601 calendar durations such as \`P1Y\`, \`P6M\`, \`P30D\`.`,
    [`- \`interval\`: ${scheduleField("interval")}`, `- \`warning\`: ${scheduleField("warning")}`].join("\n"),
    "Durations are added in UTC by the calendar: 31 January plus `P1M` is the last day of February, and 29 February 2028 plus `P1Y` is 28 February 2029.",
    "## Refusals",
    methodParagraph(record, "`performed_at` up to"),
    methodParagraph(record, "Needs a token"),
    table(
      ["Error", "When"],
      [
        [
          `[\`content_not_found\`](${errorPath("content_not_found")})`,
          "`equipment_id` and `schedule_id` name no schedule of the account's equipment (unknown, or of another account), or `inspector_id` is not a user of the account.",
        ],
        [
          `[\`parameter_missing\`](${errorPath("parameter_missing")})`,
          "`equipment_id`, `schedule_id`, `result` or `inspector_id` is missing; or `expiresOn`, for a schedule without `interval`.",
        ],
        [
          `[\`parameter_invalid\`](${errorPath("parameter_invalid")})`,
          "`performed_at` ahead of the service's clock beyond the skew; `expiresOn` not after `performed_at`; `expiringOn` after `expiresOn`; next dates on a failed inspection; `notes` over 10 000 characters; a malformed `idempotency_key`.",
        ],
        [
          `[\`idempotency_key_reused\`](${errorPath("idempotency_key_reused")})`,
          "The key was used in the last 24 hours with other parameters.",
        ],
        [
          `[\`token_permission\`](${errorPath("token_permission")})`,
          "The token lacks the `write` permission.",
        ],
      ],
    ),
    "Every refusal changes nothing: no inspection, no date, no event, and no key kept.",
    "## Retrying safely: idempotency keys",
    methodParagraph(record, "`idempotency_key` makes a retry safe"),
    `A key is kept ${durationWords(idempotencyKeyLifetimeMs)} from its first use, per account: two accounts may use the same key. A mobile inspector on a bad network retries with the same key, and the inspection is recorded once. With \`@wsafe/client\` this is the default: see [retries](/client/retries/).`,
    "Send a key with every write. A write whose answer never came (a timeout, a cut connection, a proxy's 502 after its server died) may have been recorded or not, and nothing tells which. Sent again with the key it had, it is recorded once whichever happened. Without a key, nobody can send it again safely: not the caller, not a client library, not a proxy, since it may be recorded twice. So the reference deployment's proxy sends a read again to another server when its server dies, and never a write ([Operate](/operate/#reference-deployment)): the caller gets the proxy's error, and the key makes its retry safe.",
    "## Events of cause inspection",
    methodParagraph(record, "The schedule's changes of status"),
    table(
      ["", ""],
      [
        ['`cause: "inspection"`', eventCauseMeanings.inspection],
        ["`inspection_id`", eventFieldDescription("inspection_id")],
      ],
    ),
    "The cause `inspection` came with version 1.2.0. A receiver should accept a `cause` it does not know, as it may meet another in a later minor version: treat it as a change of status like any other. An inspection that moves no status (a late entry, or a pass of a schedule that was already up to date and stays so) causes no event.",
    "## The history",
    `${methodParagraph(list, "Returns the inspections")} ${methodParagraph(list, "Filters:")}`,
    "Each is an [Inspection](/records/inspection/) record:",
    nameTable(["Field", "Meaning"], inspectionFieldRows()),
    ...expiringReceiverSection(),
  );
}
