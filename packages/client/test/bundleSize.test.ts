import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const src = fileURLToPath(new URL("../src/", import.meta.url));

/** Bundles `code` for browsers as a consumer's bundler would, minified; returns its sizes and inputs. */
async function measure(code: string) {
  const result = await build({
    stdin: { contents: code, resolveDir: src, loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const output = result.outputFiles[0]!.contents;
  return {
    minified: output.byteLength,
    gzip: gzipSync(output, { level: 9 }).byteLength,
    inputs: Object.keys(result.metafile.inputs),
  };
}

// These numbers are the ones the README states; `pnpm size` prints them.
describe("browser bundle size (esbuild, minified + gzip)", () => {
  // 3 kB again since 1.3.0 (1.2.0 allowed 3.25: its idempotency key took the client to
  // 3 175 B). Every write is told by its name and keyed alike, so this does not grow with
  // the write methods the registry adds.
  it("stays within 3 kB and free of zod for everything @wsafe/client exports", async () => {
    const size = await measure(`export * from "./index.ts";`);
    console.log(`@wsafe/client: ${size.minified} B minified, ${size.gzip} B min+gzip`);
    expect(size.inputs.filter((input) => input.includes("node_modules"))).toEqual([]);
    expect(size.gzip).toBeLessThanOrEqual(3 * 1024);
  });

  it("shows what validation adds: @wsafe/schema and zod", async () => {
    const size = await measure(`export * from "./index.ts"; export * from "./validate.ts";`);
    console.log(
      `@wsafe/client + @wsafe/client/validate: ${size.minified} B minified, ${size.gzip} B min+gzip`,
    );
    expect(size.inputs.some((input) => input.includes("zod"))).toBe(true);
  });

  it("keeps @wsafe/client/webhooks apart: small, dependency-free, and not in the main entry", async () => {
    const size = await measure(`export * from "./webhooks/index.ts";`);
    console.log(`@wsafe/client/webhooks: ${size.minified} B minified, ${size.gzip} B min+gzip`);
    expect(size.inputs.filter((input) => input.includes("node_modules"))).toEqual([]);
    // The payload's types come from @wsafe/schema, as types only: none of its code (or zod's).
    expect(size.inputs.filter((input) => /schema|zod/.test(input))).toEqual([]);
    expect(size.gzip).toBeLessThanOrEqual(1.5 * 1024);
    const main = await measure(`export * from "./index.ts";`);
    expect(main.inputs.filter((input) => input.includes("webhooks"))).toEqual([]);
  });

  it("keeps @wsafe/client/mirror apart: not in the main entry, and none of the schema's code", async () => {
    const size = await measure(`export * from "./mirror/index.ts";`);
    console.log(`@wsafe/client/mirror: ${size.minified} B minified, ${size.gzip} B min+gzip`);
    expect(size.inputs.filter((input) => /schema|zod|node_modules/.test(input))).toEqual([]);
    const main = await measure(`export * from "./index.ts";`);
    expect(main.inputs.filter((input) => input.includes("mirror"))).toEqual([]);
  });
});
