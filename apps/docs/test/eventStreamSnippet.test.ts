// The Events page's @trpc/client snippet, as a reader copies it from the built page, run
// by Node against a real `wsafe serve --demo` (its certificate trusted as the page says):
// it replays the last day's equipment changes - the demo's import made every equipment
// appear - and then waits for more, which this test does not.
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
import { streamScriptFile } from "../src/generate/events/eventStreamSection.js";
import { defaultBaseUrl } from "../src/generate/sitePaths.js";
import { copiedCode, docsRoot, mainHtml, pageHtml } from "./builtSite.js";

const built = existsSync(join(serverDirectory(), "dist", "index.js"));
if (!built) console.warn("\n*** apps/docs: SKIPPING the stream snippet's run: the server is not built ***\n");

describe.skipIf(!built)("the Events page's stream snippet", () => {
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
});
