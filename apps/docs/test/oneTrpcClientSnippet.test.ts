// The client page's @trpc/client snippet - one client, `splitLink`, a query, a mutation and
// the stream - as a reader copies it from the built page: type-checked against the
// `AppRouter` of `@wsafe/client/trpc` (a call or a field the router lacks fails here), then
// run by Node against a real `wsafe serve --demo`, its certificate trusted as the page says.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type DemoWithOwnCertificate,
  serveDemoWithOwnCertificate,
  serverDirectory,
} from "@wsafe/test-support";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultBaseUrl } from "../src/generate/sitePaths.js";
import { oneClientScriptFile } from "../src/generate/trpc/oneClientSnippet.js";
import { trpcInstallLine } from "../src/generate/trpc/trpcInstallLine.js";
import { copiedCode, distFiles, docsRoot, mainHtml, pageHtml } from "./builtSite.js";

const built = existsSync(join(serverDirectory(), "dist", "index.js"));
if (!built)
  console.warn("\n*** apps/docs: SKIPPING the one-client snippet's run: the server is not built ***\n");

/** The snippet as the client page shows it, saved where the docs' packages resolve. */
function savedSnippet(url: string): string {
  const script = copiedCode(mainHtml(pageHtml("/client/")), oneClientScriptFile).replace(defaultBaseUrl, url);
  const dir = join(docsRoot, "test-artifacts");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, oneClientScriptFile);
  writeFileSync(file, script);
  return file;
}

describe("the client page's one tRPC client", () => {
  // The client page said `npm install @wsafe/client @trpc/client @trpc/server`, the Events
  // page `npm install @trpc/client eventsource`.
  it("comes with the one install line every page that installs tRPC gives", () => {
    const installLines = (path: string) =>
      [...pageHtml(path).matchAll(/data-code="([^"]*)"/g)]
        .flatMap((match) => match[1]!.replaceAll("&#x7f;", "\n").replaceAll("\u007f", "\n").split("\n"))
        .filter((line) => line.startsWith("npm install") && line.includes("@trpc"));
    const pages = distFiles()
      .filter((file) => file.endsWith("/index.html"))
      .map((file) => file.replace(/index\.html$/, ""));
    const lines = pages.flatMap((path) => installLines(path).map((line) => ({ path, line })));
    expect(lines.map(({ path }) => path).sort()).toEqual(["/client/", "/events/"]);
    for (const { line } of lines) expect(line).toBe(trpcInstallLine);
    expect(trpcInstallLine).toMatch(/^npm install @trpc\/client@\d+ @trpc\/server@\d+ eventsource@\d+$/);
  });

  it("type-checks against the router's type, strictly", () => {
    const file = savedSnippet(defaultBaseUrl);
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ["node"],
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    expect(problems).toEqual([]);
  });

  describe.skipIf(!built)("against `wsafe serve --demo`", () => {
    let demo: DemoWithOwnCertificate;
    beforeAll(async () => {
      demo = await serveDemoWithOwnCertificate("docs-one-client");
    }, 120_000);
    afterAll(() => demo?.stop());

    it("queries, records an inspection, then streams the events it caused, through one client", async () => {
      const file = savedSnippet(demo.server.url);
      const child = spawn(process.execPath, ["--no-warnings", "--import", "tsx", file], {
        cwd: docsRoot,
        env: { ...process.env, NODE_EXTRA_CA_CERTS: demo.certPath, WSAFE_TOKEN: "wsafe-demo-token-write" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        stderr += chunk;
      });
      // It follows the stream until stopped: stopped once the inspection's event is in,
      // or after a minute however busy the machine.
      await new Promise<void>((resolve) => {
        const deadline = setTimeout(resolve, 60_000);
        child.once("exit", () => resolve());
        child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
          stdout += chunk;
          if (stdout.split("\n").filter((line) => line.startsWith("ev_")).length >= 1) {
            clearTimeout(deadline);
            resolve();
          }
        });
      });
      child.kill();
      expect(stderr).toBe("");
      const [recorded, ...events] = stdout.trimEnd().split("\n");
      const inspection = /^Ada Lovelace recorded (\S+)$/.exec(recorded ?? "")?.[1];
      expect(inspection, stdout).toBeDefined();
      // The schedule's status, naming the inspection: the demo holds this pre-use check
      // expired and the passed inspection renews it (the equipment stays expired: its
      // monthly check was never done).
      expect(events).toEqual([
        expect.stringMatching(
          new RegExp(
            `^ev_[0-9a-f]{24} schedule\\.status_changed eq_h_0001 expired -> uptodate ${inspection}$`,
          ),
        ),
      ]);
    }, 120_000);
  });
});
