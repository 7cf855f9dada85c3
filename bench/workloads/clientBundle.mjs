import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { progress } from "../lib/log.mjs";

const here = new URL("..", import.meta.url).pathname;

/**
 * Bundles an entry for the browser the way an application's bundler would
 * (esbuild, ESM, minified, tree-shaken) and measures it raw and gzipped.
 *
 * @param {string} contents - the entry module's source
 */
async function bundle(contents) {
  const result = await build({
    stdin: { contents, resolveDir: here, sourcefile: "entry.js", loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].contents;
  // What made the bundle big: the largest inputs by bytes kept in the output.
  const inputs = Object.entries(result.metafile.outputs)[0][1].inputs;
  const largest = Object.entries(inputs)
    .map(([path, info]) => ({ path: path.replace(/^.*node_modules\//, ""), bytes: info.bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 5);
  return { minified: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength, largest };
}

/**
 * Workload 5: the browser bundle of `@wsafe/client`, everything it exports, without
 * response validation and with the `@wsafe/client/validate` entry added.
 */
export async function runClientBundle() {
  progress("client: bundling @wsafe/client for the browser (esbuild, minified, gzip -9)");
  const without = await bundle(`export * from "@wsafe/client";`);
  const withValidation = await bundle(
    `export * from "@wsafe/client";\nexport * from "@wsafe/client/validate";`,
  );
  progress(`client: ${without.gzip} B min+gzip without validation, ${withValidation.gzip} B with it`);
  return { without, withValidation };
}
