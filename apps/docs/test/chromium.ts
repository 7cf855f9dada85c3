// Finds and launches Debian's Chromium for the browser tests, so that it never
// reaches the network on its own.
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

/** The Chromium binary: $CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** Whether the browser tests can run here. */
export const hasChromium = existsSync(chromiumPath);

/** Launches headless Chromium with every background network feature off. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}
