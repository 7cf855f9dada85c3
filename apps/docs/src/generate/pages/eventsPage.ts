// The Events page: what an event is, expected and recorded events, retention, one demo
// equipment's timeline as a picture, the folding rule, the "what falls due this month"
// recipe, and the stream. The words about events are the schema's (`eventTypeMeanings`,
// `eventCauseMeanings`, the Event record's field descriptions, the paragraphs of
// `events.list`'s description); the sections about the demo data live in ../events/.
import {
  defaultEventsRetentionMs,
  durationText,
  eventCauseMeanings,
  eventSchema,
  eventsWindowProblem,
  eventTypeMeanings,
  methods,
} from "@wsafe/schema";
import { eventStreamSection } from "../events/eventStreamSection.js";
import { fallsDueSection } from "../events/fallsDueRecipe.js";
import { foldingExample, timelineSection } from "../events/timelineSection.js";
import { exampleInstant } from "../exampleInstant.js";
import { code, frontMatter, inlineCode, page, table } from "../markdown.js";
import { methodPath } from "../sitePaths.js";

const eventsList = methods["events.list"];

/**
 * The paragraph of `events.list`'s description that begins with `start`: the page quotes
 * the method's own words, and fails the build when a paragraph it relies on is gone.
 */
export function eventsListParagraph(start: string): string {
  const paragraph = eventsList.description.split("\n\n").find((candidate) => candidate.startsWith(start));
  if (!paragraph) throw new Error(`events.list's description has no paragraph beginning "${start}"`);
  return paragraph;
}

/** The description of one field of the Event record, as the schema gives it. */
export function eventFieldDescription(field: keyof typeof eventSchema.shape): string {
  const schema = eventSchema.shape[field];
  // An optional field carries its description on the schema it wraps.
  const description = schema.description ?? ("unwrap" in schema ? schema.unwrap().description : undefined);
  if (!description) throw new Error(`Event.${field} has no description`);
  return description;
}

/** The retention default as `wsafe serve --events-retention` writes it: `90d`. */
export const defaultRetentionFlagValue = durationText(defaultEventsRetentionMs);

const meaningRows = (meanings: Record<string, string>) =>
  Object.entries(meanings).map(([name, meaning]) => [inlineCode(name), meaning]);

/** The Markdown of the Events page. */
export function eventsPage(): string {
  const tooOld = eventsWindowProblem({ from: 0 }, exampleInstant)!;
  return page(
    frontMatter({
      title: "Events",
      description:
        "What changes and when: status transitions past and expected, one equipment's timeline, what falls due this month, and the stream.",
    }),
    `${eventSchema.meta()?.description} Statuses change with time alone (a schedule's date is reached) and with imports (an inspection recorded). Instead of polling \`equipments.list\` with \`as_of\` and comparing the answers, ask [\`events.list\`](${methodPath("events.list")}): ${eventsList.summary.replace(/^Returns/, "it returns")}`,
    "## What an event is",
    "Every event is one [Event](/records/event/) record: a status that changed, of one schedule or of one equipment's overall status.",
    table(["`type`", "Meaning"], meaningRows(eventTypeMeanings)),
    table(["`cause`", "Meaning"], meaningRows(eventCauseMeanings)),
    [
      `- \`occurred_at\`: ${eventFieldDescription("occurred_at")}`,
      `- \`from\`: ${eventFieldDescription("from")}`,
      `- \`to\`: ${eventFieldDescription("to")}`,
      `- \`schedule_id\`: ${eventFieldDescription("schedule_id")}`,
    ].join("\n"),
    `${eventsListParagraph("An event is")} The [Status](/records/status/) page gives the rules as tables.`,
    "## Expected and recorded",
    eventsListParagraph("The part of the window"),
    [
      `- \`expected\`: ${eventFieldDescription("expected")}`,
      `- \`sequence\`: ${eventFieldDescription("sequence")}`,
      `- \`id\`: ${eventFieldDescription("id")}`,
    ].join("\n"),
    "So a receiver keeps the `id`s of what it was told to expect, and finds the same `id` when the event happens; an import that moves the dates first makes the expected event vanish and other ones appear.",
    "## Retention",
    eventsListParagraph("Recorded events are kept"),
    `An operator sets it with \`wsafe serve --events-retention DURATION\` (\`90d\`, \`36h\`, \`30m\`, \`45s\`; default \`${defaultRetentionFlagValue}\`; see the [command line](/command-line/)). With the default, a \`from\` of \`0\` asked on ${new Date(exampleInstant).toISOString().slice(0, 10)} answers:`,
    code(
      "json",
      JSON.stringify({ ok: false, error: "parameter_invalid", description: tooOld.description }, null, 2),
      "An older from",
    ),
    ...timelineSection(),
    "## The folding rule",
    eventsListParagraph("Applying the events"),
    "`equipments.list` with `as_of` evaluates today's records at another instant. Take any two instants with no import between them (in particular any window in the future), read `equipments.list` `as_of` the first, and apply each event of the window in order (the status of its schedule or equipment becomes `to`): the result is `equipments.list` `as_of` the second, the statuses of the equipment and of their schedules. A test checks it over generated datasets and instants, with `equipments.list` itself as the reference.",
    foldingExample(),
    ...fallsDueSection(),
    ...eventStreamSection(),
  );
}
