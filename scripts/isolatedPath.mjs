#!/usr/bin/env node
// A PATH on which no pnpm or turbo installed outside this checkout can be found,
// so a run proves what a machine with only Node and npm does (.ci/run, and the
// fresh-clone test). Each PATH folder outside the checkout that holds one of them
// is replaced by a shadow folder of links to everything else in it: node and npm
// stay reachable even when a global pnpm sits beside them in /usr/bin.
//   PATH=$(node scripts/isolatedPath.mjs) npm test
// As a command it prints the PATH on stdout and what it hid on stderr.
import { existsSync, mkdtempSync, readdirSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "./toolchain.mjs";

/** Names that must never be found outside the checkout. */
export const hiddenTools = ["pnpm", "pnpm.cjs", "pnpx", "turbo"];

/**
 * Returns `path` with every folder outside `checkout` that holds one of
 * `hiddenTools` replaced by a shadow folder without them.
 *
 * @param {string} path - a PATH value
 * @param {string} [checkout] - the folder whose own tools stay visible
 * @returns {{ path: string, hidden: string[] }}
 */
export function isolatedPath(path, checkout = root) {
  const hidden = [];
  const folders = path
    .split(delimiter)
    .filter(Boolean)
    .map((folder) => {
      const absolute = resolve(folder);
      if (absolute.startsWith(`${checkout}/`) || !existsSync(absolute)) return folder;
      let names;
      try {
        names = readdirSync(absolute);
      } catch {
        return folder;
      }
      const found = names.filter((name) => hiddenTools.includes(name));
      if (found.length === 0) return folder;
      hidden.push(...found.map((name) => join(absolute, name)));
      // A new folder per call: two runs at once never share (or delete) one.
      const shadow = mkdtempSync(join(tmpdir(), "wsafe-isolated-path-"));
      for (const name of names)
        if (!found.includes(name)) symlinkSync(join(absolute, name), join(shadow, name));
      return shadow;
    });
  return { path: folders.join(delimiter), hidden };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { path, hidden } = isolatedPath(process.env.PATH ?? "");
  for (const file of hidden) console.error(`isolated PATH: hiding ${file}`);
  process.stdout.write(path);
}
