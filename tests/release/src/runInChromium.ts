import { once } from "node:events";
import { createServer } from "node:http";

/** The Chromium flags of the suites: no sandbox (root in a container), no GPU, no network of its own. */
export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
];

/**
 * Serves a page that loads `bundle` (an ES module that sets `globalThis.wsafe`) from
 * 127.0.0.1, opens it in Chromium, runs `script` in the page with `args`, and resolves
 * with what it returned. The API it calls is another origin, as for a real web page;
 * its self-signed certificate is accepted, as a developer would once.
 *
 * @param chromiumPath - the browser's executable
 * @param bundle - the JavaScript of the bundle
 * @param script - a function run in the page
 * @param args - its argument, as JSON
 */
export async function runInChromium(
  chromiumPath: string,
  bundle: string,
  script: (args: Record<string, string>) => Promise<unknown>,
  args: Record<string, string>,
): Promise<unknown> {
  const site = createServer((request, response) => {
    if (request.url === "/bundle.js")
      response.writeHead(200, { "content-type": "text/javascript" }).end(bundle);
    else
      response
        .writeHead(200, { "content-type": "text/html" })
        .end('<!doctype html><script type="module" src="/bundle.js"></script>');
  });
  site.listen(0, "127.0.0.1");
  await once(site, "listening");
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${(site.address() as { port: number }).port}/`);
    await page.waitForFunction(() => "wsafe" in globalThis);
    return await page.evaluate(script, args);
  } finally {
    await browser.close();
    site.close();
  }
}
