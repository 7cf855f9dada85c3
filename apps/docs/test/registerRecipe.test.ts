// The Keeping the register page's recipe, run as a reader runs it against the demo: the
// first day's file and the sync script copied from the page and run with the page's
// command, the mirror copied and run, the next day's file synced, the mirror run again.
// What each run prints is compared with what the page shows, and the register and the
// mirror's copy with equipments.list over every type. The demo is dated now, as
// `npm start` dates it.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Equipment, EquipmentType, Event } from "@wsafe/schema";
import type * as wsafeServer from "@wsafe/server";
import {
  createPgliteDatabase,
  type InProcessServer,
  loadServer,
  startTestServer,
  type TestServer,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recipeFiles, recipeTitles, systemPrefix } from "../src/generate/register/syncRecipe.js";
import { defaultBaseUrl } from "../src/generate/sitePaths.js";
import { copiedCode, docsRoot, mainHtml, pageHtml } from "./builtSite.js";

const run = promisify(execFile);
const { server } = await loadServer("@wsafe/docs: the Keeping the register recipe against the demo");
const html = () => mainHtml(pageHtml("/register/"));
// Inside apps/docs, so that @wsafe/client resolves as in a project that installed it.
const dir = join(docsRoot, "test-artifacts", "register");

/** A shape of the page's output as a pattern: each `<placeholder>` one word. */
const shapePattern = (shape: string) =>
  new RegExp(`^${shape.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/<[^>]+>/g, "\\S+")}$`);

describe.skipIf(!server)("the Keeping the register recipe against the demo", () => {
  let t: TestServer<InProcessServer>;

  beforeAll(async () => {
    const { createDemoDataset, openStore } = server as unknown as typeof wsafeServer;
    t = await startTestServer({
      createDatabase: () => createPgliteDatabase("docs-register"),
      async seed(database) {
        const { importDatasetAt } = await import("@wsafe/server/testing");
        const store = await openStore(database);
        const now = Date.now();
        await importDatasetAt(store, createDemoDataset({ now }), now);
        await store.close();
      },
      start: (database) => server!.startServer({ port: 0, database, http: true, logger: false }),
      stop: (running) => running.close(),
    });
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }, 180_000);
  afterAll(() => t?.stop());

  async function post<T>(method: string, request: object): Promise<T> {
    const response = await fetch(`${t.url}/v1/${method}`, { method: "POST", body: JSON.stringify(request) });
    const body = (await response.json()) as T & { ok: boolean };
    expect(body.ok, JSON.stringify(body)).toBe(true);
    return body;
  }

  /** Every equipment of every type, in and out of service, by id. */
  async function listed(): Promise<Map<string, Equipment>> {
    const token = "wsafe-demo-token-read";
    const all = new Map<string, Equipment>();
    const { equipmentTypes } = await post<{ equipmentTypes: EquipmentType[] }>("equipmentTypes.list", {
      token,
    });
    for (const type of equipmentTypes) {
      const { equipments } = await post<{ equipments: Equipment[] }>("equipments.list", {
        token,
        equipmentType_id: type.id,
        service_type: "all",
      });
      for (const equipment of equipments) all.set(equipment.id, equipment);
    }
    return all;
  }

  /** A file of the page saved as the reader saves it, its base URL this server's. */
  function save(title: string, file: string) {
    const text = copiedCode(html(), title);
    writeFileSync(join(dir, file), text.replace(defaultBaseUrl, t.url));
  }

  /** The page's command for a script, run in the reader's project; what it printed. */
  async function runCommand(title: string): Promise<string> {
    const line = copiedCode(html(), title)
      .split("\n")
      .filter((text) => !text.startsWith("#"))
      .join(" ");
    const words = line.split(" ");
    const env: Record<string, string> = {};
    while (/^[A-Z_]+=/.test(words[0] ?? "")) {
      const [name, value] = (words.shift() ?? "").split("=") as [string, string];
      env[name] = value;
    }
    // The certificate is the demo's; this server speaks plain HTTP.
    expect(Object.keys(env).sort()).toEqual(["NODE_EXTRA_CA_CERTS", "WSAFE_TOKEN"]);
    delete env.NODE_EXTRA_CA_CERTS;
    expect(words[0]).toBe("node");
    const { stdout } = await run(process.execPath, words.slice(1), {
      cwd: dir,
      env: { ...process.env, ...env },
      timeout: 120_000,
    });
    return stdout.trimEnd();
  }

  /** The equipment of the asset system's keys, by key: what the sync keeps in step. */
  async function ours(): Promise<Map<string, Equipment>> {
    const byKey = new Map<string, Equipment>();
    for (const equipment of (await listed()).values())
      if (equipment.external_id?.startsWith(systemPrefix)) byKey.set(equipment.external_id, equipment);
    return byKey;
  }

  it("keeps the register in step with the file, and the mirror's copy with the register", async () => {
    // The first day: every row created.
    save(recipeFiles.csv, recipeFiles.csv);
    save(recipeFiles.sync, recipeFiles.sync);
    expect(await runCommand(recipeTitles.syncRun)).toBe(copiedCode(html(), recipeTitles.syncFirst));
    const first = await ours();
    expect([...first.keys()].sort()).toEqual(["ERP-HN-0107", "ERP-LD-0001", "ERP-LD-0002"]);
    expect(first.get("ERP-HN-0107")).toMatchObject({
      equipmentType_id: "et_harness",
      serialNumber: "HN-2026-0107",
      title: "Full body harness #107",
      fieldOffice_id: ["fo_east"],
      isInService: true,
      version: 1,
    });

    // The mirror's first run copies the whole register.
    save(recipeFiles.mirror, recipeFiles.mirror);
    const mirrored = await runCommand(recipeTitles.mirrorRun);
    expect(mirrored).toMatch(shapePattern(copiedCode(html(), recipeTitles.mirrorFirst)));
    const copy = () =>
      new Map(
        (
          JSON.parse(readFileSync(join(dir, recipeFiles.copy), "utf8")) as { equipments: Equipment[] }
        ).equipments.map((equipment) => [equipment.id, equipment]),
      );
    const register = await listed();
    expect(mirrored).toBe(`${register.size} change(s); holding ${register.size} equipment`);
    expect(copy()).toEqual(register);

    // The next day: one row unchanged, one moved, one new, one gone.
    save(recipeTitles.csvNext, recipeFiles.csv);
    const before = Date.now();
    expect(await runCommand(recipeTitles.syncRun)).toBe(copiedCode(html(), recipeTitles.syncNext));
    const next = await ours();
    expect([...next.keys()].sort()).toEqual(["ERP-EX-0031", "ERP-HN-0107", "ERP-LD-0001"]);
    expect(next.get("ERP-HN-0107")).toMatchObject({ fieldOffice_id: ["fo_north"], version: 2 });
    expect(next.get("ERP-LD-0001")).toEqual(first.get("ERP-LD-0001"));
    const retired = first.get("ERP-LD-0002");
    const { events } = await post<{ events: Event[] }>("events.list", {
      token: "wsafe-demo-token-read",
      from: before,
      to: Date.now() + 1,
      equipmentType_id: "et_ladder",
      types: ["equipment.retired"],
    });
    expect(events.map((event) => [event.type, event.cause, event.equipment_id])).toEqual([
      ["equipment.retired", "api", retired?.id],
    ]);

    // The mirror again: what changed since, each once. A schedule of the demo reaching a
    // date meanwhile would be a change too (of an equipment without a key of ours), so
    // the lines of our keys are compared, and the copy with the register.
    const shown = copiedCode(html(), recipeTitles.mirrorNext).split("\n");
    const printed = (await runCommand(recipeTitles.mirrorRun)).split("\n");
    expect(printed.filter((line) => line.includes(systemPrefix))).toEqual(
      shown.filter((line) => line.includes(systemPrefix)),
    );
    expect(printed.at(-1)).toMatch(shapePattern(shown.at(-1) ?? ""));
    const now = await listed();
    expect(printed.at(-1)).toMatch(new RegExp(`; holding ${now.size} equipment$`));
    expect(copy()).toEqual(now);
    expect(copy().has(retired?.id ?? "")).toBe(false);
  }, 300_000);
});
