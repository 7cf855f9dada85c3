// The pages about the packages (the methods index, the client, its errors and retries,
// validation, the conformance kit) must say what the code does: every method, default,
// error kind, schema name, check and flag, read from the packages themselves, and the
// retry rules held to the client's real behaviour.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { clientDefaults, createClient, ErrorCode, type RetryEvent } from "@wsafe/client";
import { listChecks, usage } from "@wsafe/conformance";
import { headerNames, methods, schemaNames } from "@wsafe/schema";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clientCall } from "../src/generate/clientCall.js";
import {
  pagingOutput,
  pagingOutputTitle,
  pagingScript,
  pagingScriptFile,
} from "../src/generate/clientPagingSection.js";
import { tarballInstallLine } from "../src/generate/installFromTarballs.js";
import { nodeVersionWords } from "../src/generate/nodeVersionWords.js";
import {
  copiedCode,
  mainHtml,
  pageHtml,
  sectionHtml,
  shows,
  squashText,
  tableRows,
  textOf,
} from "./builtSite.js";

const require = createRequire(import.meta.url);
const all = Object.values(methods);
const row = (rows: string[][], first: string) => rows.find((cells) => cells[0] === first) ?? [];

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the methods index", () => {
  const html = mainHtml(pageHtml("/methods/"));

  it("lists every registry method with its summary, in registry order, each linked to its page", () => {
    const rows = tableRows(html);
    expect(rows.map((cells) => [cells[0], cells[1]])).toEqual(
      all.map((method) => [method.name, method.summary]),
    );
    for (const method of all) expect(html).toContain(`href="/methods/${method.name}/"`);
  });

  it("comes first in the sidebar's Methods group", () => {
    const sidebar = pageHtml(`/methods/${all[0]!.name}/`);
    expect(sidebar.indexOf('href="/methods/"')).toBeGreaterThan(-1);
    expect(sidebar.indexOf('href="/methods/"')).toBeLessThan(
      sidebar.indexOf(`href="/methods/${all[0]!.name}/"`),
    );
  });
});

describe("the sidebar", () => {
  it("links every page about the packages", () => {
    const html = pageHtml("/");
    for (const path of ["/client/", "/client/errors/", "/client/retries/", "/validation/", "/conformance/"])
      expect(html, path).toContain(`href="${path}"`);
  });
});

describe("the client page", () => {
  const html = mainHtml(pageHtml("/client/"));

  it("calls every registry method with the request data of its first successful example", () => {
    for (const method of all) expect(shows(html, clientCall(method)), method.name).toBe(true);
  });

  it("gives the defaults the client exports", () => {
    const rows = tableRows(sectionHtml(html, "options"));
    expect(row(rows, "method")[1]).toBe(JSON.stringify(clientDefaults.method));
    expect(row(rows, "timeoutMs")[1]).toBe(`${clientDefaults.timeoutMs} ms`);
    expect(row(rows, "headerPrefix")[1]).toBe(JSON.stringify(clientDefaults.headerPrefix));
    for (const [name, value] of Object.entries(clientDefaults.retries))
      expect(row(rows, "retries")[1]).toContain(`${name}: ${value}`);
  });

  // `npm install @wsafe/client` answers 404 until the packages are published, and
  // `npm pack` makes a tarball npm refuses: the page must give the way that works.
  it("installs from the tarballs of `npm run pack` next to `npm install`", () => {
    const install = sectionHtml(html, "install");
    const version = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
    expect(shows(install, "npm install @wsafe/client")).toBe(true);
    expect(shows(install, "npm run pack -- --out /tmp/wsafe-tarballs")).toBe(true);
    expect(
      shows(
        install,
        `npm install /tmp/wsafe-tarballs/wsafe-schema-${version("@wsafe/schema")}.tgz /tmp/wsafe-tarballs/wsafe-client-${version("@wsafe/client")}.tgz`,
      ),
    ).toBe(true);
    expect(shows(install, "Until the packages are on a public registry")).toBe(true);
  });

  it("documents paging: for await, .items() and .all(), with a whole script", () => {
    const pages = sectionHtml(html, "pages");
    for (const text of ["client.paginate(method, params)", ".items()", ".all()", "for await"])
      expect(shows(pages, text), text).toBe(true);
    expect(copiedCode(pages, pagingScriptFile)).toBe(pagingScript);
    expect(copiedCode(pages, pagingOutputTitle)).toBe(pagingOutput);
  });

  it("gives the certificate fix that works everywhere, and says to install undici where it shows it", () => {
    const certificate = sectionHtml(html, "a-development-servers-certificate");
    expect(shows(certificate, "NODE_EXTRA_CA_CERTS=")).toBe(true);
    expect(shows(certificate, "DEPTH_ZERO_SELF_SIGNED_CERT")).toBe(true);
    expect(shows(certificate, 'from "undici"')).toBe(true);
    expect(shows(certificate, "npm install undici")).toBe(true);
  });

  // It read "Node (^20.19.0 || ^22.12.0 || >=24.0.0 or newer)": the range raw, "or newer" glued on.
  it("says in words which Node releases the client runs on, as its engines.node has them", () => {
    const { engines } = require("@wsafe/client/package.json") as { engines: { node: string } };
    const text = textOf(html);
    expect(text).toContain(`calls /v1 from Node (${nodeVersionWords(engines.node)}), browsers`);
    expect(text).not.toContain(engines.node);
  });

  it("names the headers the response meta comes from", () => {
    const names = headerNames(clientDefaults.headerPrefix);
    expect(shows(sectionHtml(html, "request-id-and-server-time"), names.requestId)).toBe(true);
    expect(shows(sectionHtml(html, "request-id-and-server-time"), names.responseTime)).toBe(true);
  });
});

describe("the client errors page", () => {
  const html = mainHtml(pageHtml("/client/errors/"));

  it("lists every kind of ErrorCode with its code", () => {
    const rows = tableRows(sectionHtml(html, "kinds"));
    // Cell text has spaces where tags met (`<code>a</code>:`); compare without them.
    const kinds = rows.filter((cells) => cells[0]!.startsWith("ErrorCode."));
    expect(kinds.map((cells) => squashText(cells[0]!))).toEqual(
      Object.entries(ErrorCode).map(([key, value]) => `ErrorCode.${key}:${value}`),
    );
  });

  it("gives the identifiers WsafeApiErrorOf narrows to, per method, as the registry has them", () => {
    const rows = tableRows(sectionHtml(html, "narrowing-per-method"));
    expect(
      rows.map(([name, identifiers]) => [
        name,
        identifiers!.split(",").map((identifier) => identifier.trim()),
      ]),
    ).toEqual(all.map((method) => [method.name, [...method.errors]]));
  });
});

describe("the retries page", () => {
  const html = mainHtml(pageHtml("/client/retries/"));
  const cells = (id: string) => tableRows(sectionHtml(html, id));

  it("gives the defaults of the retry policy", () => {
    const rows = cells("the-policy");
    const { maxRetries, minDelayMs, maxDelayMs } = clientDefaults.retries;
    expect([row(rows, "maxRetries")[1], row(rows, "minDelayMs")[1], row(rows, "maxDelayMs")[1]]).toEqual([
      String(maxRetries),
      `${minDelayMs} ms`,
      `${maxDelayMs} ms`,
    ]);
  });

  it("retries a 4xx page only for the statuses it names, as the client does", async () => {
    const rule = cells("what-is-retried").find((cellsOfRow) => cellsOfRow[0]!.startsWith("A 4xx page"))!;
    const named = new Set((rule[0]!.match(/\b4\d\d\b/g) ?? []).map(Number));
    expect(named.size).toBeGreaterThan(0);
    const retried: number[] = [];
    for (let status = 400; status < 500; status++) {
      let requests = 0;
      const fetch = async () => {
        requests++;
        return new Response("<h1>not the service</h1>", { status });
      };
      const client = createClient({
        baseUrl: "https://wsafe.test",
        token: "t",
        fetch,
        retries: { maxRetries: 1, minDelayMs: 0 },
      });
      await client.call(all[0]!.name, {} as never).catch(() => undefined);
      if (requests > 1) retried.push(status);
    }
    expect(retried).toEqual([...named]);
  });

  /** The waits a default client makes before giving up on a dropped connection, with `Math.random` fixed. */
  async function defaultBackoff(random: number): Promise<number[]> {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(random);
    const delays: number[] = [];
    const client = createClient({
      baseUrl: "https://wsafe.test",
      token: "t",
      fetch: () => Promise.reject(new TypeError("fetch failed")),
      onRetry: (event: RetryEvent) => delays.push(event.delayMs),
    });
    const call = client.call(all[0]!.name, {} as never).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(clientDefaults.retries.maxDelayMs * clientDefaults.retries.maxRetries);
    expect(await call).toMatchObject({ code: ErrorCode.TransportError });
    return delays;
  }

  it("waits the backoff it prints, from its shortest to its longest jitter, with the default policy", async () => {
    const ranges = cells("backoff").map(([, wait]) => wait!.match(/\d+/g)!.map(Number));
    expect(ranges).toHaveLength(clientDefaults.retries.maxRetries);
    // Math.random() is in [0, 1): 0 gives the shortest wait, just under 1 the longest.
    expect(await defaultBackoff(0)).toEqual(ranges.map(([low]) => low));
    expect(await defaultBackoff(1 - Number.EPSILON)).toEqual(ranges.map(([, high]) => high));
  });
});

describe("the validation page", () => {
  const html = mainHtml(pageHtml("/validation/"));

  it("lists every schema name validate() and the command take, with its file", () => {
    const rows = tableRows(sectionHtml(html, "names"));
    expect(rows.map((cells) => cells[0])).toEqual([...schemaNames]);
    for (const name of schemaNames) expect(html).toContain(`href="/v1/schemas/${name}.json"`);
  });

  it("installs @wsafe/schema from the tarballs of `npm run pack` next to `npm install`", () => {
    expect(shows(html, "npm install @wsafe/schema")).toBe(true);
    expect(shows(html, "npm run pack -- --out /tmp/wsafe-tarballs")).toBe(true);
    expect(shows(html, tarballInstallLine("@wsafe/schema"))).toBe(true);
  });

  it("shows the help of the built wsafe-schema command", () => {
    const manifest = require.resolve("@wsafe/schema/package.json");
    const { bin } = require(manifest) as { bin: Record<string, string> };
    const help = execFileSync(process.execPath, [join(dirname(manifest), bin["wsafe-schema"]!), "--help"], {
      encoding: "utf8",
    });
    expect(shows(html, help)).toBe(true);
  });
});

describe("the conformance page", () => {
  const html = mainHtml(pageHtml("/conformance/"));

  it("lists every check the kit runs, under a heading naming its suite", () => {
    const checks = listChecks({ baseUrl: "https://wsafe.test", token: "t" });
    const headings = [...html.matchAll(/<h3\b[\s\S]*?<\/h3>/g)].map((match) => textOf(match[0]));
    for (const suite of new Set(checks.map((check) => check.suite)))
      expect(
        headings.some((heading) => heading.startsWith(suite)),
        suite,
      ).toBe(true);
    for (const check of checks) expect(shows(html, check.name), check.name).toBe(true);
  });

  it("says how to install the kit until it is on a registry", () => {
    expect(shows(html, tarballInstallLine("@wsafe/conformance"))).toBe(true);
    expect(shows(html, "npx -p @wsafe/conformance wsafe-conformance")).toBe(true);
  });

  it("documents every flag of the kit's command line", () => {
    const flags = [...new Set(usage.match(/--[a-z][a-z-]+/g))];
    expect(flags.length).toBeGreaterThan(5);
    expect(flags.filter((flag) => !shows(sectionHtml(html, "options"), flag))).toEqual([]);
  });
});
