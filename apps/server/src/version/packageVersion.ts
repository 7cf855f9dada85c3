import { readFileSync } from "node:fs";

/**
 * The version of `@wsafe/server` this command line belongs to, read from its
 * `package.json` (one folder above both `src/` and `dist/`), so that `wsafe --version`
 * always says what is installed rather than a number copied at build time.
 *
 * @example
 * console.log(packageVersion()); // "0.1.0"
 */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return manifest.version;
}
