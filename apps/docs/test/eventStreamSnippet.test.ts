// The Events page's stream snippets, as a reader copies them from the built page, against
// a real `wsafe serve --demo`. The @trpc/client one, run by Node (its certificate trusted
// as the page says), replays the last day's equipment changes - the demo's import made
// every equipment appear - and then waits for more, which this test does not. The plain
// EventSource one, run in Chromium at the server's origin, gets the events of an
// inspection recorded after it connected.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type DemoWithOwnCertificate,
  type ServerProcess,
  serveDemoWithOwnCertificate,
  serverDirectory,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventSourceSnippetTitle, streamScriptFile } from "../src/generate/events/eventStreamSection.js";
import { defaultBaseUrl } from "../src/generate/sitePaths.js";
import { copiedCode, docsRoot, mainHtml, pageHtml } from "./builtSite.js";
import { chromiumPath, hasChromium, launchChromium } from "./chromium.js";

const built = existsSync(join(serverDirectory(), "dist", "index.js"));
if (!built) console.warn("\n*** apps/docs: SKIPPING the stream snippet's run: the server is not built ***\n");

if (!hasChromium)
  console.warn(
    `\n*** apps/docs: SKIPPING the EventSource snippet's run: no Chromium at ${chromiumPath} ***\n`,
  );

describe.skipIf(!built)("the Events page's stream snippets", () => {
  let demo: DemoWithOwnCertificate;
  let server: ServerProcess;
  let certPath: string;

  beforeAll(async () => {
    // As `npm start` runs it: the demo imported now, a self-signed certificate made and its path printed.
    demo = await serveDemoWithOwnCertificate("docs-stream");
    ({ server, certPath } = demo);
  }, 120_000);
  afterAll(async () => {
    await demo?.stop();
  });

  it("follows the demo's events with @trpc/client, as the page shows it", async () => {
    const script = copiedCode(mainHtml(pageHtml("/events/")), streamScriptFile);
    const runnable = script.replace(defaultBaseUrl, server.url);
    const dir = join(docsRoot, "test-artifacts");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, streamScriptFile), runnable);
    // It follows until stopped: stopped once the replay is in (more than 100 lines), or
    // after a minute, however busy the machine (a fixed six seconds failed at load 15).
    const child = spawn(process.execPath, ["--no-warnings", join(dir, streamScriptFile)], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: certPath, WSAFE_TOKEN: "wsafe-demo-token-read" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    await new Promise<void>((resolve) => {
      const deadline = setTimeout(resolve, 60_000);
      child.once("exit", () => resolve());
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
        if (stdout.split("\n").length > 102) {
          clearTimeout(deadline);
          resolve();
        }
      });
    });
    child.kill();
    expect(stderr).toBe("");
    // The last line may be cut where the script was stopped.
    const lines = stdout.split("\n").slice(0, -1);
    expect(lines.length).toBeGreaterThan(100);
    for (const line of lines)
      expect(line).toMatch(/^ev_[0-9a-f]{24} eq_\S+ null -> (uptodate|expiring|expired)$/);
  }, 120_000);

  it.skipIf(!hasChromium)(
    "follows what is recorded with a browser's EventSource, as the page shows it",
    async () => {
      const script = copiedCode(mainHtml(pageHtml("/events/")), eventSourceSnippetTitle).replace(
        defaultBaseUrl,
        server.url,
      );
      const browser = await launchChromium();
      try {
        const context = await browser.newContext({ ignoreHTTPSErrors: true });
        const page = await context.newPage();
        const logged: string[] = [];
        const errors: string[] = [];
        page.on("console", (message) => (message.type() === "log" ? logged : errors).push(message.text()));
        page.on("pageerror", (error) => errors.push(error.message));
        // A page of the server's own origin, as a site calling its own wsafe would be.
        await page.goto(`${server.url}/healthz`);
        const opened = () => server.output().split('"msg":"stream opened"').length - 1;
        const openedBefore = opened();
        await page.addScriptTag({ content: script });
        // Once the server logs the stream open, it follows everything recorded after.
        await until(
          () => opened() > openedBefore,
          () => `no stream opened; the browser said ${JSON.stringify({ logged, errors })}`,
        );
        const recorded = await page.evaluate(async (url) => {
          const response = await fetch(`${url}/v1/inspections.record`, {
            method: "POST",
            body: JSON.stringify({
              token: "wsafe-demo-token-write",
              equipment_id: "eq_h_0001",
              schedule_id: "sch_preuse",
              result: "passed",
              inspector_id: "u_ada",
            }),
          });
          return (await response.json()) as { ok: boolean };
        }, server.url);
        expect(recorded.ok).toBe(true);
        await until(
          () => logged.length >= 1,
          () => `no event in the browser: ${JSON.stringify({ logged, errors })}`,
        );
        expect(errors).toEqual([]);
        // The pre-use check the demo holds expired is renewed; the equipment stays expired
        // (its monthly check was never done), so its own status does not change.
        expect(logged).toEqual([
          expect.stringMatching(/^ev_[0-9a-f]{24} schedule\.status_changed eq_h_0001 expired -> uptodate$/),
        ]);
        await context.close();
      } finally {
        await browser.close();
      }
    },
    120_000,
  );
});

/** Waits for a condition the server or the browser brings about, up to a minute on a busy machine. */
async function until(condition: () => boolean, what: () => string) {
  for (let waited = 0; waited < 60_000 && !condition(); waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(condition(), what()).toBe(true);
}
