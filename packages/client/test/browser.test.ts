/**
 * The browser bundle of the client in Chromium, calling the real server from another
 * origin: CORS pre-flight for POST, a simple request for GET, the exposed request-id
 * and Retry-After headers, and the typed errors, all as a web page sees them.
 */
import { once } from "node:events";
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { fileURLToPath } from "node:url";
import {
  createPgliteDatabase,
  type InProcessServer,
  loadServer,
  type ScratchDatabase,
} from "@wsafe/test-support";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const { server } = await loadServer("@wsafe/client: browser tests");
const skip = !server || !existsSync(chromiumPath);
if (server && skip)
  console.warn(
    `\n!!! @wsafe/client: browser tests SKIPPED: no Chromium at ${chromiumPath} (set CHROMIUM_PATH).\n`,
  );

describe.skipIf(skip)("in a browser, from another origin", () => {
  let api: InProcessServer;
  let limited: InProcessServer;
  let site: Server;
  let siteUrl: string;
  let browser: import("playwright-core").Browser;
  let page: import("playwright-core").Page;
  let stores: ScratchDatabase[] = [];

  beforeAll(async () => {
    // Copies of the demo template store: each server finds the demo there, nothing to import.
    stores = await Promise.all(
      ["client-browser", "client-browser-limited"].map((label) =>
        createPgliteDatabase(label, { template: "demo" }),
      ),
    );
    [api, limited] = await Promise.all([
      server!.startServer({ port: 0, database: stores[0]!.database, demo: true }),
      server!.startServer({
        port: 0,
        database: stores[1]!.database,
        demo: true,
        http: true,
        rateLimit: { points: 1, durationSeconds: 1 },
      }),
    ]);
    // The page's script is the client bundled for browsers, as an application would ship it.
    const bundle = await build({
      entryPoints: [fileURLToPath(new URL("../src/index.ts", import.meta.url))],
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      write: false,
    });
    const script = bundle.outputFiles[0]!.text;
    site = createServer((request, response) => {
      if (request.url === "/client.js") {
        response.writeHead(200, { "content-type": "text/javascript" }).end(script);
      } else {
        response
          .writeHead(200, { "content-type": "text/html" })
          .end(
            `<!doctype html><script type="module">import * as c from "/client.js"; window.wsafe = c;</script>`,
          );
      }
    });
    site.listen(0, "127.0.0.1");
    await once(site, "listening");
    siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}/`;

    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });
    // The API's certificate is self-signed: the browser is told to accept it, as a developer would once.
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    page = await context.newPage();
    await page.goto(siteUrl);
    await page.waitForFunction(() => "wsafe" in globalThis);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    site?.close();
    await Promise.all([api?.close(), limited?.close()]);
    await Promise.all(stores.map((store) => store.drop()));
  });

  /** Runs a call in the page and returns what it resolved to or threw, as plain data. */
  const inPage = (baseUrl: string, method: "POST" | "GET", call: string) =>
    page.evaluate(
      async ({ baseUrl, method, call, token }) => {
        // biome-ignore lint/suspicious/noExplicitAny: the bundle's exports, as the page sees them
        const { createClient, getMeta } = (globalThis as any).wsafe;
        const client = createClient({ baseUrl, token, method, retries: false });
        try {
          const result = await new Function("client", `return ${call}`)(client);
          return { ok: true, body: JSON.parse(JSON.stringify(result)), meta: getMeta(result) };
        } catch (error) {
          const { code, error: identifier, retryAfter, requestId, status } = error as Record<string, unknown>;
          return { ok: false, code, error: identifier, retryAfter, requestId, status };
        }
      },
      { baseUrl, method, call, token: server!.demoTokens.read },
    );

  it.each(["POST", "GET"] as const)(
    "calls the API with %s and reads the request id it exposes",
    async (method) => {
      const outcome = await inPage(api.url, method, `client.users.info({ user: "u_ada" })`);
      expect(outcome).toMatchObject({
        ok: true,
        body: { ok: true, user: { id: "u_ada", name: "Ada Lovelace" } },
        meta: {
          requestId: expect.stringMatching(/^[A-Za-z0-9]{20,}$/),
          responseTime: expect.any(Number),
          status: 200,
        },
      });
    },
  );

  it("throws the typed API error with its request id", async () => {
    const outcome = await inPage(api.url, "POST", `client.users.info({ user: "u_nobody" })`);
    expect(outcome).toMatchObject({ ok: false, code: "wsafe_api_error", error: "content_not_found" });
    expect(outcome.requestId).toMatch(/^[A-Za-z0-9]{20,}$/);
  });

  it("sees Retry-After on rate_limit_exceeded", async () => {
    const outcome = await inPage(
      limited.url,
      "GET",
      `Promise.all([client.resources.list(), client.resources.list(), client.resources.list()])`,
    );
    expect(outcome).toMatchObject({
      ok: false,
      error: "rate_limit_exceeded",
      retryAfter: expect.any(Number),
    });
  });

  it("reports a server it cannot reach as a transport error", async () => {
    const outcome = await inPage("http://127.0.0.1:9", "GET", `client.resources.list()`);
    expect(outcome).toMatchObject({ ok: false, code: "wsafe_transport_error", status: undefined });
  });
});
