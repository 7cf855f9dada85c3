// The Events page's picture of one equipment's timeline: the demo equipment's schedule
// dates, the events they give (computed by `timelineEvents` with the schema's rules), the
// SVG drawn from them, the numbered list, and the folding rule on the same equipment.
import { exampleDay, exampleInstant } from "../exampleInstant.js";
import { inlineCode, table } from "../markdown.js";
import { methodPath } from "../sitePaths.js";
import { timelineEquipment } from "./timelineEquipment.js";
import { statusesAt, type TimelineEvent, timelineEvents } from "./timelineEvents.js";
import { timelineSvg } from "./timelineSvg.js";

/** Where the picture is written: a folder of public/ (gitignored, rewritten on every build) and its name there. */
export const timelineImageFile = { dir: "timeline", name: `${timelineEquipment.id}.svg` } as const;

/** Where the site serves the picture. */
export const timelineImagePath = `/${timelineImageFile.dir}/${timelineImageFile.name}`;

const day = 86_400_000;

/**
 * The instant the picture's import happens: the examples' instant, as `npm start` imports
 * the demo on the day its data is dated at.
 */
export const timelineImportedAt = exampleInstant;

/** The picture's events, numbered as the page lists them. */
export function numberedTimelineEvents(): (TimelineEvent & { number: number })[] {
  return timelineEvents(timelineEquipment, timelineImportedAt).map((event, index) => ({
    ...event,
    number: index + 1,
  }));
}

/**
 * The window the page folds the events of: from the day after the import to the last day
 * of its month, with no import between (ms).
 */
export const foldWindow = {
  from: timelineImportedAt + day,
  to: Date.UTC(
    new Date(timelineImportedAt).getUTCFullYear(),
    new Date(timelineImportedAt).getUTCMonth() + 1,
    0,
  ),
};

/** `2 December 2026`. */
const longDay = (instant: number) =>
  new Date(instant).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/** `2026-12-08`: an instant as the list names it (every demo date falls on midnight UTC). */
const isoDay = (instant: number) => new Date(instant).toISOString().slice(0, 10);

/** The SVG of the picture. */
export function timelineImage(): string {
  const events = numberedTimelineEvents();
  const { id, serialNumber, schedules } = timelineEquipment;
  const last = Math.max(...events.map((event) => event.occurred_at));
  return timelineSvg({
    title: `${id} (${serialNumber}): the events its schedules' dates give`,
    subtitle: `Demo data dated as on ${exampleDay}, imported that day. A band: the status until the next event.`,
    lanes: [
      ...schedules.map((schedule) => ({
        label: schedule.schedule_id,
        events: events.filter((event) => event.schedule_id === schedule.schedule_id),
      })),
      {
        label: `${id} (overall)`,
        events: events.filter((event) => event.type === "equipment.status_changed"),
      },
    ],
    // An eighth of the span after the last event, at least 12 days: room for its band's name.
    end: last + Math.max(12 * day, Math.round((last - timelineImportedAt) / 8)),
  });
}

const statusText = (status: string | null) => (status ? inlineCode(status) : "`null`");

/** The alternative text of the picture: what it shows, in words. */
function altText(events: readonly (TimelineEvent & { number: number })[]): string {
  const changes = events
    .filter((event) => event.cause === "time")
    .map(
      (event) =>
        `${isoDay(event.occurred_at)} ${event.schedule_id ?? "overall"} ${event.from} to ${event.to}`,
    );
  return `Timeline of ${timelineEquipment.id}: imported ${isoDay(timelineImportedAt)}, then ${changes.join("; ")}`;
}

/** The Markdown of the section, from its heading on. */
export function timelineSection(): string[] {
  const events = numberedTimelineEvents();
  const { id, equipmentType_id, schedules } = timelineEquipment;
  // Why each event happened: the import, a date that time reached, or a schedule's event.
  const reason = (event: TimelineEvent) => {
    if (event.cause === "import") return "the import";
    if (event.schedule_id) {
      const schedule = schedules.find((candidate) => candidate.schedule_id === event.schedule_id);
      return `${inlineCode(schedule?.expiresOn === event.occurred_at ? "expiresOn" : "expiringOn")} reached`;
    }
    const cause = events.find(
      (other) => other.schedule_id && other.occurred_at === event.occurred_at && other.to === event.to,
    );
    return `the most severe schedule status (event ${cause?.number})`;
  };
  const quiet = events.filter(
    (event) =>
      event.type === "schedule.status_changed" &&
      event.cause === "time" &&
      !events.some(
        (other) => other.type === "equipment.status_changed" && other.occurred_at === event.occurred_at,
      ),
  );
  return [
    "## One equipment's timeline",
    `The demo equipment ${inlineCode(id)} (type ${inlineCode(equipmentType_id)}) has two schedules. In the demo data dated as on ${exampleDay} (the data of every example on this site), their dates are:`,
    table(
      ["Schedule", "`lastCompletedOn`", "`expiringOn`", "`expiresOn`"],
      schedules.map((schedule) => [
        inlineCode(schedule.schedule_id),
        ...[schedule.lastCompletedOn, schedule.expiringOn, schedule.expiresOn].map((date) =>
          date === null ? "`null`" : `${isoDay(date)} (\`${date}\`)`,
        ),
      ]),
    ),
    `Imported on ${exampleDay}, they give these events, drawn below: each schedule's status changes when time reaches its \`expiringOn\` and its \`expiresOn\`, and the equipment's overall status when the most severe of its schedules' statuses changes.`,
    `![${altText(events)}](${timelineImagePath})`,
    table(
      ["#", "`occurred_at`", "`type` (`schedule_id`)", "`from` → `to`", "`cause`: why"],
      events.map((event) => [
        String(event.number),
        isoDay(event.occurred_at),
        `${inlineCode(event.type)}${event.schedule_id ? ` (${inlineCode(event.schedule_id)})` : ""}`,
        `${statusText(event.from)} → ${statusText(event.to)}`,
        `${inlineCode(event.cause)}: ${reason(event)}`,
      ]),
    ),
    `Events ${quiet.map((event) => event.number).join(" and ")} change a schedule's status but not the equipment's: another schedule already holds a status at least as severe. As of ${exampleDay}, every event after the import is expected (\`expected: true\`, \`sequence: null\`); each is recorded with the same \`id\` once its instant passes. [\`events.list\`](${methodPath("events.list")}) answers them with \`equipmentType_id: "${equipmentType_id}"\` and a window that holds their dates (a test compares).`,
  ];
}

/**
 * The folding rule on the pictured equipment: its statuses at the window's start, the
 * events of the window, and its statuses at the end (test/eventsExamples.test.ts asks
 * `equipments.list` at both instants).
 */
export function foldingExample(): string {
  const events = numberedTimelineEvents();
  const [before, after] = [
    statusesAt(timelineEquipment, foldWindow.from),
    statusesAt(timelineEquipment, foldWindow.to),
  ];
  const folded = events.filter(
    (event) => event.occurred_at >= foldWindow.from && event.occurred_at <= foldWindow.to,
  );
  const scheduleWords = (statuses: typeof before) =>
    Object.entries(statuses.schedules)
      .map(([schedule, status]) => `${inlineCode(schedule)} ${inlineCode(status)}`)
      .join(", ");
  return `On the equipment pictured above: [\`equipments.list\`](${methodPath("equipments.list")}) \`as_of\` ${longDay(foldWindow.from)} gives ${inlineCode(timelineEquipment.id)} ${inlineCode(before.equipment)} (${scheduleWords(before)}). Applying the events of the window up to ${longDay(foldWindow.to)} (${folded.map((event) => event.number).join(", ")}) gives ${inlineCode(after.equipment)} (${scheduleWords(after)}): what \`equipments.list\` \`as_of\` ${longDay(foldWindow.to)} answers.`;
}
