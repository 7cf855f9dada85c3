// The Recording inspections page's recipe, run as a reader runs it against the demo: the
// endpoint made with the page's curl line, the receiver copied from the page and started
// with the page's command, the schedule set expiring with the page's curl line. The
// server's own recorder then reaches `expiringOn`, delivers the event, and the receiver
// records the inspection: checked in inspections.list, equipments.list, events.list and
// what the receiver printed. The demo is dated now, as `npm start` dates it.
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { addDuration, type Event, type Inspection, type Schedule } from "@wsafe/schema";
import type * as wsafeServer from "@wsafe/server";
import {
  createPgliteDatabase,
  freePort,
  type InProcessServer,
  loadServer,
  type ServerProcess,
  startServerProcess,
  startTestServer,
  type TestServer,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  receiverFile,
  receiverOutputShape,
  receiverUrl,
  recipeSchedule,
  recipeTitles,
} from "../src/generate/inspections/expiringReceiverRecipe.js";
import { defaultBaseUrl } from "../src/generate/sitePaths.js";
import { copiedCode, docsRoot, mainHtml, pageHtml } from "./builtSite.js";

const run = promisify(execFile);
const { server } = await loadServer("@wsafe/docs: the Recording inspections recipe against the demo");
const html = () => mainHtml(pageHtml("/inspections/"));
// Inside apps/docs, so that @wsafe/client resolves as in a project that installed it.
const dir = join(docsRoot, "test-artifacts", "inspections");
const { equipmentId, scheduleId } = recipeSchedule;

/** Waits for `found` to answer something, checking every 200 ms, for at most `ms`. */
async function waitFor<T>(what: string, found: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await found();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!server)("the Recording inspections recipe against the demo", () => {
  let t: TestServer<InProcessServer>;
  let receiver: ServerProcess | undefined;
  let port = 0;

  beforeAll(async () => {
    const { createDemoDataset, openStore } = server as unknown as typeof wsafeServer;
    t = await startTestServer({
      createDatabase: () => createPgliteDatabase("docs-inspections"),
      async seed(database) {
        const { importDatasetAt } = await import("@wsafe/server/testing");
        const store = await openStore(database);
        const now = Date.now();
        await importDatasetAt(store, createDemoDataset({ now }), now);
        await store.close();
      },
      // What the page's `npm start -- --webhooks-allow-http --webhooks-allow-private` asks for.
      start: (database) =>
        server!.startServer({
          port: 0,
          database,
          http: true,
          logger: false,
          webhooks: { allowHttp: true, allowPrivate: true },
        }),
      stop: (running) => running.close(),
    });
    port = await freePort();
  }, 180_000);
  afterAll(async () => {
    await receiver?.stop();
    await t?.stop();
  });

  async function post<T>(method: string, request: object): Promise<T> {
    const response = await fetch(`${t.url}/v1/${method}`, { method: "POST", body: JSON.stringify(request) });
    const body = (await response.json()) as T & { ok: boolean };
    expect(body.ok, JSON.stringify(body)).toBe(true);
    return body;
  }

  /** A shell block of the page, run against the test server (and the receiver's port). */
  async function runBlock(title: string): Promise<string> {
    const block = copiedCode(html(), title);
    expect(block).toContain(defaultBaseUrl);
    const line = block
      .replace(defaultBaseUrl, t.url)
      .replace(receiverUrl, receiverUrl.replace("3000", String(port)));
    const { stdout } = await run("sh", ["-c", line], { timeout: 30_000 });
    return stdout;
  }

  it("starts the demo with the flags the command line has", () => {
    const serve = copiedCode(html(), recipeTitles.serve);
    const flags = serve.match(/--webhooks-[a-z-]+/g)!;
    expect(flags).toEqual(["--webhooks-allow-http", "--webhooks-allow-private"]);
    const commandLine = mainHtml(pageHtml("/command-line/"));
    for (const flag of flags) expect(commandLine).toContain(flag);
  });

  it("closes the loop: told the schedule is expiring, the receiver records its inspection", async () => {
    // The endpoint, with the page's curl line.
    const made = JSON.parse(await runBlock(recipeTitles.create)) as { ok: boolean; secret: string };
    expect(made.ok, JSON.stringify(made)).toBe(true);
    expect(made.secret).toMatch(/^whsec_/);

    // The receiver, copied from the page and started with its command.
    mkdirSync(dir, { recursive: true });
    const code = copiedCode(html(), receiverFile);
    expect(code).toContain(defaultBaseUrl);
    writeFileSync(join(dir, receiverFile), code.replace(defaultBaseUrl, t.url));
    const words = copiedCode(html(), recipeTitles.run).split(" ");
    const env: Record<string, string> = {};
    while (/^[A-Z_]+=/.test(words[0]!)) {
      const [name] = words.shift()!.split("=") as [string];
      env[name] = name === "WSAFE_WEBHOOK_SECRET" ? made.secret : name === "PORT" ? String(port) : "";
    }
    // The certificate is the demo's; this server speaks plain HTTP.
    expect(Object.keys(env).sort()).toEqual(["NODE_EXTRA_CA_CERTS", "PORT", "WSAFE_WEBHOOK_SECRET"]);
    delete env.NODE_EXTRA_CA_CERTS;
    expect(words).toEqual(["node", receiverFile]);
    receiver = await startServerProcess([receiverFile], {
      cwd: dir,
      env,
      readyPattern: /listening on port \d+/,
      timeoutMs: 60_000,
    });

    // The schedule, expired in the demo, set expiring in 10 seconds with the page's curl line.
    const trigger = JSON.parse(await runBlock(recipeTitles.soon)) as { ok: boolean; inspection: Inspection };
    expect(trigger.ok, JSON.stringify(trigger)).toBe(true);
    expect(trigger.inspection.expiringOn! - trigger.inspection.performed_at).toBeGreaterThan(5_000);

    // The recorder reaches expiringOn, wsafe delivers, the receiver records.
    const history = async () =>
      (
        await post<{ inspections: Inspection[] }>("inspections.list", {
          token: "wsafe-demo-token-read",
          equipment_id: equipmentId,
          schedule_id: scheduleId,
        })
      ).inspections;
    const recorded = await waitFor("the receiver's inspection", async () => {
      const inspections = await history();
      return inspections.length > 1 ? inspections.at(-1) : undefined;
    });
    expect(recorded).toMatchObject({
      result: "passed",
      inspector_id: "u_ada",
      notes: expect.stringMatching(/^Inspected when told it was expiring \(event ev_/),
    });
    expect(recorded.performed_at).toBeGreaterThanOrEqual(trigger.inspection.expiringOn!);
    expect(await history()).toHaveLength(2);

    // The schedule is up to date again, its dates from its interval (P1W) and warning (P1D).
    const { equipments } = await post<{ equipments: { id: string; schedules: Schedule[] }[] }>(
      "equipments.list",
      { token: "wsafe-demo-token-read", equipmentType_id: "et_harness", service_type: "all" },
    );
    const schedule = equipments
      .find((equipment) => equipment.id === equipmentId)!
      .schedules.find((s) => s.schedule_id === scheduleId)!;
    const expiresOn = addDuration(recorded.performed_at, "P1W");
    expect(schedule).toMatchObject({
      status: "uptodate",
      lastCompletedOn: recorded.performed_at,
      expiresOn,
      expiringOn: addDuration(expiresOn, "P1D", -1),
    });

    // The events: expiring by time, then up to date by the receiver's inspection.
    const { events } = await post<{ events: Event[] }>("events.list", {
      token: "wsafe-demo-token-read",
      from: trigger.inspection.recorded_at,
      to: Date.now(),
      equipmentType_id: "et_harness",
      types: ["schedule.status_changed"],
    });
    const ours = events
      .filter((event) => event.equipment_id === equipmentId && event.schedule_id === scheduleId)
      .map((event) => `${event.cause} ${event.from}->${event.to} ${event.inspection_id ?? "-"}`);
    expect(ours).toEqual([
      `inspection expired->uptodate ${trigger.inspection.id}`,
      "time uptodate->expiring -",
      `inspection expiring->uptodate ${recorded.id}`,
    ]);

    // What it printed, in the shape the page shows.
    const printed = `${equipmentId} ${scheduleId} expiring: recorded ${recorded.id}, now uptodate, due ${new Date(expiresOn).toISOString()}`;
    await waitFor("the receiver's line", async () =>
      receiver!.output().includes(printed) ? true : undefined,
    );
    const shape = copiedCode(html(), recipeTitles.printed);
    expect(shape).toBe(receiverOutputShape);
    const pattern = new RegExp(`^${shape.replace(/<[^>]+>/g, "\\S+").replaceAll(".", "\\.")}$`);
    expect(printed).toMatch(pattern);
    expect(receiver!.output()).not.toMatch(/not recorded|Error/);
  }, 120_000);
});
