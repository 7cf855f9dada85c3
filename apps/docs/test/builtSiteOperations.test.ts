// The site's operational pages and files: conventions, command line, operations,
// downloads and search, checked on the built site against what the schema, the server's
// command line and the ecosystem suite state.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { methodNames, methods, schemaCatalog, schemaNames } from "@wsafe/schema";
import { serverMetrics } from "@wsafe/schema/metrics";
import { jsonSchemaBaseUrl, openApi32Url, openApiUrl } from "@wsafe/schema/openapi";
import { describe, expect, it } from "vitest";
import { readVerifiedTools } from "../src/generate/readVerifiedTools.js";
import {
  distDir,
  distFiles,
  docsRoot,
  mainHtml,
  pageHtml,
  sectionHtml,
  shows,
  tableRows,
  textOf,
} from "./builtSite.js";

const require = createRequire(import.meta.url);
const repoRoot = join(docsRoot, "..", "..");
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
const firstCells = (html: string) => tableRows(html).map((row) => row[0]);

if (!existsSync(join(distDir, "index.html"))) {
  throw new Error("apps/docs/dist is missing: run `pnpm --filter @wsafe/docs build` before the tests");
}

describe("the conventions and operations pages", () => {
  it("describe the envelope, the headers and pretty", () => {
    const html = mainHtml(pageHtml("/conventions/"));
    for (const phrase of [
      "SVC-Request-ID",
      "SVC-Response-Time",
      "Retry-After",
      "pretty",
      "percent-encoded",
      "HTTP status 200",
    ]) {
      expect(shows(html, phrase), phrase).toBe(true);
    }
  });

  it("list every field of the failure envelope", () => {
    const html = mainHtml(pageHtml("/conventions/"));
    const shape = schemaCatalog.ErrorResponse.schema.shape as Record<string, unknown>;
    expect(firstCells(sectionHtml(html, "response-envelope")).slice(-Object.keys(shape).length)).toEqual(
      Object.keys(shape),
    );
  });

  it("document every command of the server's command line", () => {
    const html = mainHtml(pageHtml("/command-line/"));
    for (const command of [
      "wsafe serve",
      "wsafe import FILE",
      "wsafe tokens create",
      "wsafe tokens list",
      "wsafe tokens revoke",
      "wsafe accounts deactivate",
      "wsafe accounts activate",
      "--rate-limit",
      "--no-deliveries",
      "--redis",
      "--demo",
      "--http",
    ]) {
      expect(shows(html, command), command).toBe(true);
    }
  });

  it("document every option that the built server's `serve --help` lists", (context) => {
    let cli: string;
    try {
      cli = join(require.resolve("@wsafe/server/package.json"), "..", "dist", "cli.js");
      if (!existsSync(cli)) throw new Error(`${cli} is not built`);
    } catch (error) {
      console.warn(
        `\n*** apps/docs: SKIPPING the command line drift check: ${(error as Error).message} ***\n`,
      );
      context.skip();
      return;
    }
    const help = execFileSync(process.execPath, [cli, "serve", "--help"], { encoding: "utf8" });
    const flags = [...new Set(help.match(/--[a-z][a-z-]+/g))].filter((flag) => flag !== "--help");
    const html = mainHtml(pageHtml("/command-line/"));
    expect(flags.filter((flag) => !shows(html, flag))).toEqual([]);
  });

  it("list every metric of the server on the Operate page, with its type and labels", () => {
    const html = mainHtml(pageHtml("/operate/"));
    const rows = tableRows(sectionHtml(html, "metrics"));
    expect(rows.map((row) => row[0]!.split(/\s/)[0])).toEqual(serverMetrics.map((metric) => metric.name));
    for (const metric of serverMetrics) {
      const [nameAndType, meaning] = rows.find((row) => row[0]!.split(/\s/)[0] === metric.name)!;
      expect(nameAndType).toMatch(new RegExp(`\\s${metric.type}$`));
      for (const label of metric.labels)
        expect(meaning, `${metric.name} ${label.name}`).toContain(label.name);
    }
  });

  it("cover health, workers, the stop, TLS and the reference deployment on the Operate page", () => {
    const html = mainHtml(pageHtml("/operate/"));
    for (const id of ["health-checks", "workers", "stopping", "tls-and-hsts", "reference-deployment"])
      expect(textOf(sectionHtml(html, id)).length, id).toBeGreaterThan(100);
    for (const phrase of [
      "/healthz",
      "/readyz",
      "--workers",
      "--shutdown-timeout",
      "--hsts",
      "--metrics-port",
    ])
      expect(shows(html, phrase), phrase).toBe(true);
    expect(html).toMatch(/href="[^"]*\/deploy\/README\.md"/);
  });

  it("say on the Operate page that the reference proxy never sends a write twice, naming each from the registry", () => {
    const section = sectionHtml(mainHtml(pageHtml("/operate/")), "reference-deployment");
    expect(shows(section, "and never a write that reached one")).toBe(true);
    const writes = methodNames.filter((name) => methods[name].permission === "write");
    expect(writes.length).toBeGreaterThan(0);
    const named = [...section.matchAll(/<code[^>]*>([\w.]+)<\/code>/g)].map((match) => match[1]);
    expect(methodNames.filter((name) => named.includes(name))).toEqual(writes);
    expect(section).toContain('href="/inspections/#retrying-safely-idempotency-keys"');
  });

  it("has the authentication, rate limit, versions, changelog and benchmark pages", () => {
    for (const path of [
      "/authentication/",
      "/rate-limits/",
      "/versions/",
      "/changelog/",
      "/benchmarks/",
      "/downloads/",
    ]) {
      expect(textOf(mainHtml(pageHtml(path))).length).toBeGreaterThan(100);
    }
  });
});

describe("downloads", () => {
  it("serves the OpenAPI document at the URL it names", () => {
    const served = readJson(join(distDir, "v1", "openapi.json"));
    expect(served).toEqual(readJson(require.resolve("@wsafe/schema/openapi.json")));
    expect(new URL(openApiUrl).pathname).toBe("/v1/openapi.json");
  });

  it("serves the OpenAPI 3.2 document beside it, at the URL it names", () => {
    const served = readJson(join(distDir, "v1", "openapi-3.2.json"));
    expect(served).toEqual(readJson(require.resolve("@wsafe/schema/openapi-3.2.json")));
    expect(served.openapi).toBe("3.2.0");
    expect(new URL(openApi32Url).pathname).toBe("/v1/openapi-3.2.json");
  });

  it("names every tool the ecosystem suite verifies, with the version it pins", () => {
    const text = textOf(mainHtml(pageHtml("/downloads/")));
    const tools = readVerifiedTools(repoRoot);
    expect(tools.length).toBeGreaterThan(0);
    for (const tool of tools) {
      expect(text).toContain(tool.name);
      if (tool.version !== "Debian") expect(text).toContain(tool.version);
    }
  });

  it("serves every JSON Schema at the path of its $id", () => {
    const files = new Set(distFiles());
    for (const name of schemaNames) {
      const path = `/v1/schemas/${name}.json`;
      expect(files.has(path), path).toBe(true);
      const schema = readJson(join(distDir, path));
      expect(schema.$id).toBe(`${jsonSchemaBaseUrl}${name}.json`);
      expect(new URL(String(schema.$id)).pathname).toBe(path);
    }
  });

  it("links every file from the downloads page", () => {
    const html = pageHtml("/downloads/");
    expect(html).toContain('href="/v1/openapi.json"');
    expect(html).toContain('href="/v1/openapi-3.2.json"');
    for (const name of schemaNames) expect(html).toContain(`href="/v1/schemas/${name}.json"`);
  });
});

describe("search", () => {
  it("has a Pagefind index", () => {
    expect(existsSync(join(distDir, "pagefind", "pagefind.js"))).toBe(true);
  });
});
