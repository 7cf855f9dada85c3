// What the Events page shows from the demo data, against a real server holding it dated
// at `exampleInstant` (./exampleServer.ts): the pictured equipment's dates and the events
// computed from them, the folding rule on it, and the recipe's curl lines and script,
// copied from the built page as a reader copies them and run for real (curl, Node).
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Event } from "@wsafe/schema";
import { type InProcessServer, loadServer, type TestServer } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fallsDueCurlTitles,
  fallsDueOutputTitle,
  fallsDueScriptFile,
} from "../src/generate/events/fallsDueRecipe.js";
import { timelineEquipment } from "../src/generate/events/timelineEquipment.js";
import { statusesAt, type TimelineEvent, timelineEvents } from "../src/generate/events/timelineEvents.js";
import { foldWindow, numberedTimelineEvents } from "../src/generate/events/timelineSection.js";
import { exampleInstant } from "../src/generate/exampleInstant.js";
import { defaultBaseUrl } from "../src/generate/sitePaths.js";
import { copiedCode, docsRoot, mainHtml, pageHtml } from "./builtSite.js";
import { comparable, exampleImportedAt, startExampleServer } from "./exampleServer.js";

// Asynchronous: the server answers from this very process while the child runs.
const run = promisify(execFile);
const { server } = await loadServer("@wsafe/docs: the Events page against the demo data");
const token = "wsafe-demo-token-read";
const { id, equipmentType_id } = timelineEquipment;

/** Events in one order whatever the order of those of one instant (`events.list` orders them by id). */
const inOrder = (events: readonly TimelineEvent[]) =>
  [...events].sort(
    (a, b) =>
      a.occurred_at - b.occurred_at ||
      a.type.localeCompare(b.type) ||
      (a.schedule_id ?? "").localeCompare(b.schedule_id ?? ""),
  );

describe.skipIf(!server)("the Events page against the demo data dated at exampleInstant", () => {
  let t: TestServer<InProcessServer>;
  const html = () => mainHtml(pageHtml("/events/"));

  beforeAll(async () => {
    t = await startExampleServer(server!, "docs-events");
  }, 180_000);
  afterAll(() => t?.stop());

  async function post<T>(method: string, request: object): Promise<T> {
    const response = await fetch(`${t.url}/v1/${method}`, {
      method: "POST",
      body: JSON.stringify({ token, ...request }),
    });
    const body = (await response.json()) as T & { ok: boolean };
    expect(body.ok, JSON.stringify(body)).toBe(true);
    return body;
  }

  /** The pictured equipment's statuses as `equipments.list` answers them at `instant`. */
  async function listedStatuses(instant: number) {
    type Listed = { id: string; status: string; schedules: { schedule_id: string; status: string }[] };
    const { equipments } = await post<{ equipments: Listed[] }>("equipments.list", {
      equipmentType_id,
      service_type: "all",
      as_of: instant,
      columns: ["id", "status", "schedules"],
    });
    const found = equipments.find((equipment) => equipment.id === id)!;
    return {
      equipment: found.status,
      schedules: Object.fromEntries(
        found.schedules.map((schedule) => [schedule.schedule_id, schedule.status]),
      ),
    };
  }

  /** Every event of the pictured equipment's type in a window, page by page, as `events.list` answers them. */
  async function eventsOfType(from: number, to: number): Promise<Event[]> {
    const events: Event[] = [];
    let cursor = "";
    do {
      const page = await post<{ events: Event[]; response_metadata: { next_cursor: string } }>(
        "events.list",
        {
          from,
          to,
          equipmentType_id,
          limit: 1000,
          ...(cursor ? { cursor } : {}),
        },
      );
      events.push(...page.events);
      cursor = page.response_metadata.next_cursor;
    } while (cursor);
    return events;
  }

  it("pictures an equipment of the demo, with its dates", async () => {
    type Listed = { id: string; serialNumber: string; equipmentType_id: string; schedules: object[] };
    const { equipments } = await post<{ equipments: Listed[] }>("equipments.list", {
      equipmentType_id,
      service_type: "all",
      as_of: exampleInstant,
      columns: ["id", "serialNumber", "equipmentType_id", "schedules"],
    });
    const found = equipments.find((equipment) => equipment.id === id);
    expect(found).toBeDefined();
    const schedules = found!.schedules.map(({ status: _status, ...dates }: { status?: string }) => dates);
    expect({ ...found!, schedules }).toEqual(timelineEquipment);
  });

  it("computes the events events.list gives for it, imported as the server's data was", async () => {
    const computed = timelineEvents(timelineEquipment, exampleImportedAt);
    const last = Math.max(...computed.map((event) => event.occurred_at));
    const listed = (await eventsOfType(exampleImportedAt, last))
      // The equipment's own events: a type's (equipmentType.*) has no equipment_id.
      .filter((event): event is typeof event & { equipment_id: string } => event.equipment_id === id)
      .map(({ id: _id, expected: _expected, sequence: _sequence, ...event }) => event);
    expect(inOrder(listed)).toEqual(inOrder(computed));
    // The page imports on the examples' day itself, as `npm start` does: the same events,
    // the import's at its own instant.
    const shown = numberedTimelineEvents().map(({ number: _number, ...event }) => event);
    expect(shown.filter((event) => event.cause === "time")).toEqual(
      computed.filter((event) => event.cause === "time"),
    );
    expect(shown.filter((event) => event.cause === "import")).toEqual(
      computed
        .filter((event) => event.cause === "import")
        .map((event) => ({ ...event, occurred_at: exampleInstant })),
    );
  });

  it("folds the window's events from equipments.list at its start to equipments.list at its end", async () => {
    const start = await listedStatuses(foldWindow.from);
    const end = await listedStatuses(foldWindow.to);
    // What the page says it answers.
    expect(start).toEqual(statusesAt(timelineEquipment, foldWindow.from));
    expect(end).toEqual(statusesAt(timelineEquipment, foldWindow.to));
    const folded = structuredClone(start);
    for (const event of await eventsOfType(foldWindow.from, foldWindow.to)) {
      if (event.equipment_id !== id) continue;
      if (event.schedule_id) {
        expect(folded.schedules[event.schedule_id]).toBe(event.from);
        folded.schedules[event.schedule_id] = event.to!;
      } else {
        expect(folded.equipment).toBe(event.from);
        folded.equipment = event.to!;
      }
    }
    expect(folded).toEqual(end);
    expect(folded).not.toEqual(start);
  });

  it.each([
    ["POST", fallsDueCurlTitles.post],
    ["GET", fallsDueCurlTitles.get],
  ])("the recipe's curl line (%s) answers the first page the page shows", async (_method, title) => {
    const line = copiedCode(html(), title);
    expect(line).toContain(defaultBaseUrl);
    const { stdout } = await run("sh", ["-c", line.replace(defaultBaseUrl, t.url)], { timeout: 30_000 });
    const shown = JSON.parse(copiedCode(html(), fallsDueCurlTitles.answer));
    expect(comparable(JSON.parse(stdout))).toEqual(comparable(shown));
    expect(shown.events).toHaveLength(3);
  });

  // The recipe counted the demo's own import (`from: null`, `cause: "import"`) as falling
  // due: 70 % of its answer. What falls due is what time does to the data as it stands.
  it("the recipe counts only what time makes fall due in the month, not what an import did", async () => {
    const month = { from: Date.UTC(2026, 11, 1), to: Date.UTC(2027, 0, 1) - 1 };
    const byType = new Map<string, { expiring: number; expired: Event[] }>();
    let cursor = "";
    do {
      const page = await post<{ events: Event[]; response_metadata: { next_cursor: string } }>(
        "events.list",
        {
          ...month,
          types: ["equipment.status_changed"],
          limit: 1000,
          ...(cursor ? { cursor } : {}),
        },
      );
      for (const event of page.events.filter((candidate) => candidate.cause === "time")) {
        const type = byType.get(event.equipmentType_id) ?? { expiring: 0, expired: [] };
        if (event.to === "expiring") type.expiring++;
        if (event.to === "expired") type.expired.push(event);
        byType.set(event.equipmentType_id, type);
      }
      cursor = page.response_metadata.next_cursor;
    } while (cursor);
    const expected = [...byType]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([type, { expiring, expired }]) => {
        const first = expired[0];
        const when = first
          ? ` (first: ${first.equipment_id} on ${new Date(first.occurred_at).toISOString().slice(0, 10)})`
          : "";
        return `${type}: ${expired.length} fall due${when}, ${expiring} start expiring`;
      });
    expect(copiedCode(html(), fallsDueOutputTitle).split("\n")).toEqual(expected);
  });

  it("the recipe's script prints what the page says", async () => {
    const script = copiedCode(html(), fallsDueScriptFile);
    expect(script).toContain(defaultBaseUrl);
    // Inside apps/docs, so that `@wsafe/client` resolves as in a project that installed it.
    const dir = join(docsRoot, "test-artifacts");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, fallsDueScriptFile), script.replace(defaultBaseUrl, t.url));
    const { stdout, stderr } = await run(process.execPath, ["--no-warnings", join(dir, fallsDueScriptFile)], {
      timeout: 60_000,
    });
    expect(stderr).toBe("");
    expect(stdout.trimEnd()).toBe(copiedCode(html(), fallsDueOutputTitle));
  }, 90_000);
});
