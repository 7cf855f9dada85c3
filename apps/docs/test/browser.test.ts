// Drives the built site in Debian's Chromium: the pages render without console errors,
// search finds methods, the navigation works, no internal link is broken, and the
// try-it console sends requests and shows the answer and its headers. Screenshots of
// the key pages go to test-artifacts/ for a person to look at.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isClientBuilt } from "../src/integrations/wsafeClientModule.js";
import { distDir, docsRoot } from "./builtSite.js";
import { chromiumPath, hasChromium, launchChromium } from "./chromium.js";
import { brokenNames, columnOverflows, sitePages } from "./columnFit.js";
import { type RealServer, startRealServer } from "./realServer.js";
import { type StaticServer, startStaticServer } from "./staticServer.js";
import { startStubApi } from "./stubApi.js";

const artifacts = join(docsRoot, "test-artifacts");

if (!hasChromium) {
  console.warn(
    `\n*** apps/docs: SKIPPING the browser tests: no Chromium at ${chromiumPath}. ` +
      "Install Debian's chromium or set CHROMIUM_PATH. ***\n",
  );
}

describe.skipIf(!hasChromium)("the built site in Chromium", () => {
  let site: StaticServer;
  let browser: Browser;
  let realServer: Promise<RealServer | string>;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    // Started first: it takes longest, and runs in its own process beside the other tests.
    realServer = startRealServer();
    site = await startStaticServer(distDir);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    const server = await realServer;
    if (typeof server !== "string") await server.close();
  });

  /** A fresh page that records console errors and uncaught exceptions. */
  async function openPage(): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error")
        errors.push(`${page.url()}: ${message.text()} (${message.location().url})`);
    });
    page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
    return { page, errors };
  }

  const screenshot = (page: Page, name: string) => page.screenshot({ path: join(artifacts, `${name}.png`) });

  it("opens the home page", async () => {
    const { page, errors } = await openPage();
    await page.goto(`${site.url}/`);
    await expect(page.locator("h1").textContent()).resolves.toBe("wsafe /v1 Web API");
    await screenshot(page, "home");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("finds a method with the search and opens its page", async () => {
    const { page, errors } = await openPage();
    await page.goto(`${site.url}/`);
    await page.locator("site-search button[data-open-modal]").first().click();
    const input = page.locator(".pagefind-ui__search-input");
    // Words of the method's own: "inspection schedule" now finds five pages about
    // schedules, statuses and events first, and the dialog shows five results at first.
    await input.fill("in-service equipment");
    const result = page.locator(".pagefind-ui__result-link", { hasText: "equipments.list" }).first();
    await result.waitFor();
    await screenshot(page, "search");
    await result.click();
    await page.waitForURL(/\/methods\/equipments\.list\/$/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("finds the Events page with the search, and shows its timeline picture", async () => {
    const { page, errors } = await openPage();
    await page.goto(`${site.url}/`);
    await page.locator("site-search button[data-open-modal]").first().click();
    await page.locator(".pagefind-ui__search-input").fill("falls due this month");
    const result = page.locator(".pagefind-ui__result-link", { hasText: "Events" }).first();
    await result.click();
    await page.waitForURL(/\/events\/$/);
    // A picture that fails to load or to parse as SVG has no natural size.
    const picture = page.locator('main img[src^="/timeline/"]');
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await picture.scrollIntoViewIfNeeded();
    await screenshot(page, "events-timeline");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("follows the sidebar to a method page and to the errors page", async () => {
    const { page, errors } = await openPage();
    await page.goto(`${site.url}/`);
    await page.locator("nav.sidebar a", { hasText: "users.info" }).click();
    await page.waitForURL(/\/methods\/users\.info\/$/);
    await expect(page.locator("h1").textContent()).resolves.toBe("users.info");
    await screenshot(page, "method");
    // By its URL: "Errors" is also a substring of the client's "Client errors" entry.
    await page.locator('nav.sidebar a[href="/errors/"]').click();
    await page.waitForURL(/\/errors\/$/);
    await expect(page.locator("#token_invalid").count()).resolves.toBe(1);
    await screenshot(page, "errors");
    await page.locator("#precedence").scrollIntoViewIfNeeded();
    await screenshot(page, "errors-precedence");
    await page.locator("a[rel=next]").click();
    await page.waitForURL(/\/rate-limits\/$/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("has no broken internal link, no external resource and no console error on any page", async () => {
    const { page, errors } = await openPage();
    const pages = new Set<string>(["/"]);
    const queue = ["/"];
    const checked = new Map<string, number>();
    const externalResources: string[] = [];
    while (queue.length) {
      const path = queue.shift()!;
      const response = await page.goto(`${site.url}${path}`);
      expect(response?.status(), path).toBe(200);
      const html = await page.content();
      for (const match of html.matchAll(/<(\w+)\b[^>]*?\s(href|src)="([^"]+)"[^>]*>/g)) {
        const [element, tag, , value] = match;
        const url = new URL(value!.replaceAll("&amp;", "&"), `${site.url}${path}`);
        if (url.origin !== site.url) {
          // A canonical link names the published address; it loads nothing.
          const loads = tag !== "a" && !/\srel="(canonical|alternate)"/.test(element);
          if (loads) externalResources.push(`${path}: <${tag}> ${url.href}`);
          continue;
        }
        const target = url.pathname;
        if (target.endsWith("/")) {
          if (!pages.has(target)) {
            pages.add(target);
            queue.push(target);
          }
        } else if (!checked.has(target)) {
          checked.set(target, (await fetch(`${site.url}${target}`, { method: "HEAD" })).status);
        }
      }
    }
    const broken = [...checked].filter(([, status]) => status !== 200);
    expect(broken).toEqual([]);
    expect(externalResources).toEqual([]);
    expect(errors).toEqual([]);
    // Every generated page is reachable by following links from the home page.
    expect(pages.size).toBeGreaterThanOrEqual(20);
    expect(checked.has("/v1/openapi.json")).toBe(true);
    await page.context().close();
  });

  // Parameter tables broke names mid-word (`equipment_i` / `d`): every name stays on one line.
  it("fits every table and code block of every page in its column at 1 280 px, never breaking a name", async () => {
    const { page } = await openPage();
    const overflows: string[] = [];
    const broken: string[] = [];
    let names = 0;
    const pages = sitePages();
    expect(pages.length).toBeGreaterThanOrEqual(30);
    for (const path of pages) {
      await page.goto(`${site.url}${path}`);
      for (const overflow of await columnOverflows(page)) overflows.push(`${path}: ${overflow}`);
      const found = await brokenNames(page);
      names += found.checked;
      for (const name of found.broken) broken.push(`${path}: ${name}`);
    }
    expect(overflows).toEqual([]);
    expect(broken).toEqual([]);
    // Every method's parameters and fields were looked at, not a page without name tables.
    expect(names).toBeGreaterThan(300);
    await page.goto(`${site.url}/methods/equipments.list/`);
    await page
      .locator("main .name-table")
      .first()
      .screenshot({ path: join(artifacts, "parameter-names.png") });
    await page.context().close();
  });

  it("wraps a long error in the try-it console inside its column", async () => {
    const description = `invalid parameter: url: ${"https://hooks.example.com/".repeat(12)} is not https or resolves to a private address`;
    const api = await startStubApi({ ok: false, error: "parameter_invalid", description });
    const { page, errors } = await openPage();
    try {
      await page.goto(`${site.url}/methods/webhooks.create/`);
      const tryIt = page.locator(".try-it[data-ready=true]");
      await tryIt.locator("input[name=baseUrl]").fill(api.url);
      await tryIt.locator("button[type=submit]").click();
      await expect.poll(() => tryIt.locator("[data-field=body]").textContent()).toContain(description);
      await tryIt.locator("[data-field=body]").scrollIntoViewIfNeeded();
      await screenshot(page, "try-it-long-error");
      expect(await columnOverflows(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
      await api.close();
    }
  });

  it("sends a request from the try-it console and shows the answer and its headers", async () => {
    const answer = { ok: true, user: { id: "u_ada", name: "Ada Lovelace" } };
    const api = await startStubApi(answer);
    const { page, errors } = await openPage();
    try {
      await page.goto(`${site.url}/methods/users.info/`);
      const tryIt = page.locator(".try-it[data-ready=true]");
      await tryIt.locator("input[name=baseUrl]").fill(api.url);
      await tryIt.locator("input[value=GET]").check();
      await tryIt.locator("button[type=submit]").click();
      await expect
        .poll(() => tryIt.locator("[data-field=requestId]").textContent())
        .toMatch(/^StubRequest\d{12}$/);
      await expect(tryIt.locator("[data-field=responseTime]").textContent()).resolves.toBe("3 ms");
      expect(JSON.parse((await tryIt.locator("[data-field=body]").textContent())!)).toEqual(answer);
      expect(api.requests).toEqual([
        {
          httpMethod: "GET",
          path: "/v1/users.info",
          data: { user: "u_ada", token: "wsafe-demo-token-read" },
        },
      ]);
      const sentWith = await tryIt.locator("[data-field=sentWith]").textContent();
      if (isClientBuilt(docsRoot)) expect(sentWith).toMatch(/^@wsafe\/client, GET$/);
      // The base URL is remembered for the next page.
      await page.goto(`${site.url}/methods/resources.list/`);
      await expect(page.locator(".try-it[data-ready=true] input[name=baseUrl]").inputValue()).resolves.toBe(
        api.url,
      );
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
      await api.close();
    }
  });

  it("starts the try-it base URL at the page's own origin", async () => {
    const { page, errors } = await openPage();
    try {
      await page.goto(`${site.url}/methods/users.info/`);
      const input = page.locator(".try-it[data-ready=true] input[name=baseUrl]");
      await expect(input.inputValue()).resolves.toBe(new URL(page.url()).origin);
      expect(new URL(page.url()).origin).toBe(site.url);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  // `npm start` serves the site from the API's own origin: try-it must call that very
  // server with nothing to fill in (it once defaulted to https://localhost:8443, another
  // name than the one the server prints, which a certificate exception does not cover).
  it("calls the server that serves the page, with nothing filled in", async (context) => {
    const server = await realServer;
    if (typeof server === "string") {
      console.warn(`\n*** apps/docs: SKIPPING the same-origin try-it test: ${server} ***\n`);
      context.skip();
      return;
    }
    const { page, errors } = await openPage();
    try {
      await page.goto(`${server.url}/methods/users.info/`);
      const tryIt = page.locator(".try-it[data-ready=true]");
      await expect(tryIt.locator("input[name=baseUrl]").inputValue()).resolves.toBe(server.url);
      await tryIt.locator("button[type=submit]").click();
      await expect
        .poll(() => tryIt.locator("[data-field=body]").textContent())
        .toContain('"name": "Ada Lovelace"');
      await expect(tryIt.locator("[data-field=status]").textContent()).resolves.toBe("200 OK");
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it("runs the try-it console against a real @wsafe/server", async (context) => {
    const server = await realServer;
    if (typeof server === "string") {
      console.warn(`\n*** apps/docs: SKIPPING the try-it test against a real server: ${server} ***\n`);
      context.skip();
      return;
    }
    const { page, errors } = await openPage();
    try {
      await page.goto(`${site.url}/methods/equipments.list/`);
      const tryIt = page.locator(".try-it[data-ready=true]");
      await tryIt.locator("input[name=baseUrl]").fill(server.url);
      await tryIt.locator("button[type=submit]").click();
      await expect
        .poll(() => tryIt.locator("[data-field=requestId]").textContent())
        .toMatch(/^[A-Za-z0-9]{20,}$/);
      await expect(tryIt.locator("[data-field=responseTime]").textContent()).resolves.toMatch(/^\d+ ms$/);
      const body = JSON.parse((await tryIt.locator("[data-field=body]").textContent())!);
      expect(body.ok).toBe(true);
      expect(body.equipments.length).toBeGreaterThan(0);
      await tryIt.locator("[data-field=body]").scrollIntoViewIfNeeded();
      await tryIt.scrollIntoViewIfNeeded();
      await screenshot(page, "try-it");
      // A failure is shown just the same: the envelope with its identifier.
      await tryIt
        .locator("textarea[name=params]")
        .fill('{ "equipmentType_id": "et_harness", "colums": ["id"] }');
      await tryIt.locator("input[value=GET]").check();
      await tryIt.locator("button[type=submit]").click();
      await expect
        .poll(() => tryIt.locator("[data-field=body]").textContent())
        .toContain("parameter_unexpected");
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
