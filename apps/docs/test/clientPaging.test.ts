// The client page's paging script, as a reader copies it from the built page, run by
// Node against a real `wsafe serve --demo` with the self-signed certificate it makes,
// trusted the way the page says (NODE_EXTRA_CA_CERTS=<the path the server printed>):
// it must print exactly what the page says it prints.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type DemoWithOwnCertificate,
  type ServerProcess,
  serveDemoWithOwnCertificate,
  serverDirectory,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pagingOutputTitle, pagingScriptFile } from "../src/generate/clientPagingSection.js";
import { defaultBaseUrl } from "../src/generate/sitePaths.js";
import { copiedCode, docsRoot, mainHtml, pageHtml } from "./builtSite.js";

const serverEntry = join(serverDirectory(), "dist", "index.js");
const built = existsSync(serverEntry);
if (!built)
  console.warn(`\n*** apps/docs: SKIPPING the paging script's run: ${serverEntry} is not built ***\n`);

describe.skipIf(!built)("the client page's paging script", () => {
  let demo: DemoWithOwnCertificate;
  let server: ServerProcess;
  let certPath: string;

  beforeAll(async () => {
    // As `npm start` runs it: the demo imported now, a self-signed certificate made and its path printed.
    demo = await serveDemoWithOwnCertificate("docs-paging");
    ({ server, certPath } = demo);
  }, 120_000);
  afterAll(async () => {
    await demo?.stop();
  });

  it("prints what the page says, run with NODE_EXTRA_CA_CERTS against the demo server", () => {
    const html = mainHtml(pageHtml("/client/"));
    const script = copiedCode(html, pagingScriptFile);
    expect(script).toContain(defaultBaseUrl);
    // The page names npm start's address; this server listens on a free port of the same host.
    const runnable = script.replace(defaultBaseUrl, server.url);
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    // Inside apps/docs, so that `@wsafe/client` resolves as in a project that installed it.
    const dir = join(docsRoot, "test-artifacts");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, pagingScriptFile), runnable);
    const run = spawnSync(process.execPath, ["--no-warnings", join(dir, pagingScriptFile)], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: certPath },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stderr).toBe("");
    expect(run.stdout.trimEnd()).toBe(copiedCode(html, pagingOutputTitle));
  }, 90_000);
});
