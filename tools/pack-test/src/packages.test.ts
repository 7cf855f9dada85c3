// The packaging test: `npm run pack -- --out <dir>`, the command the docs give, builds
// and packs every published package; its printed `npm install` line for every package
// installs the tarballs into a scratch project outside the workspace (so nothing
// resolves through pnpm's links), and the checks use them the way a consumer does: ESM
// import, require(), JSON imports, JSON Schema files by subpath, bins, and types with
// tsc. One install serves every check. (What the command prints: packCommand.test.ts.)
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { type Manifest, manifestProblems } from "./manifestProblems.js";
import { npmInstall } from "./npmInstall.js";
import { type PackedPackage, tarballFiles } from "./packPackage.js";
import { type PublishedPackage, publishedPackages } from "./publishedPackages.js";
import { readPackCommandOutput } from "./runPackCommand.js";
import { unwantedFiles } from "./unwantedFiles.js";

// Each check spawns node or tsc in the scratch project; on a busy machine loading the
// server alone can take seconds.
vi.setConfig({ testTimeout: 60_000 });

let scratch: string;
const packed = new Map<string, PackedPackage>();

/** Runs node in the scratch project; returns stdout, fails the test with stderr. */
function node(args: string[]): string {
  const result = spawnSync(process.execPath, ["--no-warnings", ...args], {
    cwd: scratch,
    encoding: "utf8",
    timeout: 60_000,
  });
  if (result.status !== 0)
    throw new Error(`node ${args.join(" ")} exited ${result.status}:\n${result.stderr}`);
  return result.stdout;
}
const esm = (code: string) => node(["--input-type=module", "-e", code]);
const cjs = (code: string) => node(["--input-type=commonjs", "-e", code]);
const tsc = (project: string) =>
  spawnSync(process.execPath, [join(scratch, "node_modules", "typescript", "bin", "tsc"), "-p", project], {
    cwd: scratch,
    encoding: "utf8",
    timeout: 60_000,
  });

beforeAll(() => {
  const work = mkdtempSync(join(tmpdir(), "wsafe-pack-test-"));
  scratch = join(work, "consumer");
  mkdirSync(scratch);
  // The suite's one run of `npm run pack -- --out <dir>` (src/testing/packOnce.ts).
  const run = readPackCommandOutput(inject("packCommand").output);
  for (const [name, tarball] of run.tarballs) packed.set(name, { tarball, files: tarballFiles(tarball) });
  writeFileSync(
    join(scratch, "package.json"),
    JSON.stringify({ name: "wsafe-consumer", private: true, type: "module" }),
  );
  // The printed line for every package, plus TypeScript for the type checks below and
  // what a TypeScript team calls the server's /trpc router with, typed by its AppRouter.
  npmInstall(run.installLine("every package"), scratch, "typescript@~6.0.2 @trpc/client@~11.25.2");
}, 600_000);

afterAll(() => {
  if (scratch) rmSync(dirname(scratch), { recursive: true, force: true });
}, 60_000);

describe.each(publishedPackages.map((pkg) => [pkg.name, pkg] as [string, PublishedPackage]))(
  "%s, packed",
  (name, pkg) => {
    it("holds only what consumers need", () => {
      const { files } = packed.get(name)!;
      expect(unwantedFiles(files)).toEqual([]);
      expect(files).toEqual(
        expect.arrayContaining(["package.json", "README.md", "dist/index.js", "dist/index.d.ts"]),
      );
    });

    it("has complete exports and provenance-friendly metadata", () => {
      const manifest = JSON.parse(
        readFileSync(join(scratch, "node_modules", name, "package.json"), "utf8"),
      ) as Manifest;
      expect(manifestProblems(manifest, packed.get(name)!.files, pkg.dir)).toEqual([]);
      // pnpm pack must have replaced workspace: ranges, or npm could not install it.
      expect(JSON.stringify(manifest)).not.toContain("workspace:");
    });

    it("imports as ESM and loads with require()", () => {
      const keys = JSON.parse(
        esm(`const m = await import(${JSON.stringify(name)}); console.log(JSON.stringify(Object.keys(m)))`),
      );
      expect(keys.length).toBeGreaterThan(0);
      expect(
        JSON.parse(cjs(`console.log(JSON.stringify(Object.keys(require(${JSON.stringify(name)}))))`)),
      ).toEqual(keys);
    });

    it("runs its command lines", () => {
      const bins =
        JSON.parse(readFileSync(join(scratch, "node_modules", name, "package.json"), "utf8")).bin ?? {};
      for (const bin of Object.keys(bins)) {
        const result = spawnSync(join(scratch, "node_modules", ".bin", bin), ["--help"], {
          cwd: scratch,
          encoding: "utf8",
          timeout: 60_000,
        });
        expect({ bin, status: result.status, stderr: result.stderr }).toEqual({
          bin,
          status: 0,
          stderr: expect.any(String),
        });
      }
    });
  },
);

describe("@wsafe/server's tarball, packed from this clone", () => {
  // A tarball of a clone whose changesets are pending is no release, and says so; the
  // release suite holds a published one to its version alone.
  it("says in `wsafe --version` whether it is a release, as the workspace's build does", () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
    const pending = readdirSync(join(root, ".changeset")).filter(
      (f) => f.endsWith(".md") && f !== "README.md",
    );
    const installed = node([
      join(scratch, "node_modules", "@wsafe", "server", "bin", "wsafe.js"),
      "--version",
    ]);
    const { version } = JSON.parse(readFileSync(join(root, "apps", "server", "package.json"), "utf8"));
    if (pending.length === 0) expect(installed).toBe(`${version}\n`);
    else
      expect(installed).toMatch(
        new RegExp(`^${version.replaceAll(".", "\\.")}\\+unreleased\\b.* \\(not a release: `),
      );
  });
});

describe("@wsafe/client/webhooks, as a receiver uses it", () => {
  it("verifies a delivery signed by the spec's recipe and refuses a tampered one", () => {
    const out = esm(`
      import { createHmac } from "node:crypto";
      import { verifyWebhook } from "@wsafe/client/webhooks";
      const key = Buffer.alloc(32, 7);
      const body = JSON.stringify({ type: "x.y", timestamp: new Date().toISOString(), data: { n: 1 } });
      const at = Math.floor(Date.now() / 1000);
      const signature = "v1," + createHmac("sha256", key).update("evt_1." + at + "." + body).digest("base64");
      const headers = { "webhook-id": "evt_1", "webhook-timestamp": String(at), "webhook-signature": signature };
      const secret = "whsec_" + key.toString("base64");
      const event = await verifyWebhook(secret, headers, body);
      const refused = await verifyWebhook(secret, headers, body + " ").catch((error) => error.code);
      console.log(JSON.stringify([event.data, refused]));`);
    expect(JSON.parse(out)).toEqual([{ n: 1 }, "signature_invalid"]);
  });
});

describe("@wsafe/schema, as a consumer uses it", () => {
  it('validates with `import { equipmentSchema } from "@wsafe/schema"`', () => {
    const out = esm(`
      import { equipmentSchema, methods } from "@wsafe/schema";
      const example = methods["equipments.list"].examples[0].response.equipments[0];
      console.log(JSON.stringify([equipmentSchema.safeParse(example).success, equipmentSchema.safeParse({}).success]));`);
    expect(JSON.parse(out)).toEqual([true, false]);
  });

  it("imports openapi.json with an import attribute, and require()s it", () => {
    const version = esm(
      `import openapi from "@wsafe/schema/openapi.json" with { type: "json" }; console.log(openapi.openapi)`,
    );
    expect(version.trim()).toMatch(/^3\.1\./);
    expect(cjs(`console.log(require("@wsafe/schema/openapi.json").openapi)`).trim()).toBe(version.trim());
  });

  it("imports the OpenAPI 3.2 document by its subpath", () => {
    const version = esm(
      `import openapi from "@wsafe/schema/openapi-3.2.json" with { type: "json" }; console.log(openapi.openapi)`,
    );
    expect(version.trim()).toMatch(/^3\.2\./);
  });

  it("resolves every JSON Schema file and the contract by subpath", () => {
    const names = packed
      .get("@wsafe/schema")!
      .files.filter((file) => file.startsWith("generated/json-schema/"))
      .map((file) => file.slice("generated/json-schema/".length));
    expect(names).toEqual(
      expect.arrayContaining(["Equipment.json", "equipments.list.params.json", "ErrorResponse.json"]),
    );
    const out = esm(`
      import { readFileSync } from "node:fs";
      import { createRequire } from "node:module";
      import { fileURLToPath } from "node:url";
      const require = createRequire(import.meta.url);
      const ids = ${JSON.stringify(names)}.map((name) => {
        const spec = "@wsafe/schema/json-schema/" + name;
        const file = fileURLToPath(import.meta.resolve(spec));
        if (require.resolve(spec) !== file) throw new Error("require and import resolve " + spec + " differently");
        return JSON.parse(readFileSync(file, "utf8")).$id;
      });
      const contract = JSON.parse(readFileSync(require.resolve("@wsafe/schema/contract.json"), "utf8"));
      console.log(JSON.stringify({ ids, version: contract.version }));`);
    const { ids, version } = JSON.parse(out) as { ids: string[]; version: string };
    expect(ids.map((id, index) => id.endsWith(`/${names[index]}`))).toEqual(names.map(() => true));
    expect(version).toBe("v1");
  });
});

describe("types, with tsc in the scratch project", () => {
  // One good consumer file using every package's types, and one deliberately wrong file
  // per package that must not compile.
  const good: string[] = [];
  const wrong: Record<string, string> = {};
  good.push(`
import { type Equipment, equipmentSchema, type MethodResult, validate } from "@wsafe/schema";
import { toJsonSchema } from "@wsafe/schema/openapi";
import openapi from "@wsafe/schema/openapi.json" with { type: "json" };
export const equipment: Equipment = equipmentSchema.parse({});
export const info: MethodResult<"users.info"> = { ok: true, user: { id: "u_ada", name: "Ada Lovelace" } };
const checked = validate("User", {});
export const name: string | undefined = checked.ok ? checked.value.name : undefined;
export const schema: Record<string, unknown> = toJsonSchema("Equipment");
export const version: string = openapi.openapi;`);
  wrong["@wsafe/schema"] = `
import type { MethodResult } from "@wsafe/schema";
export const info: MethodResult<"users.info"> = { ok: true, user: { id: 42, name: "Ada Lovelace" } };`;
  good.push(`
import { createClient } from "@wsafe/client";
import { verifyWebhook, type WebhookPayload } from "@wsafe/client/webhooks";
const client = createClient({ baseUrl: "https://wsafe.example.test", token: "t" });
export async function userName(): Promise<string> {
  const { user } = await client.users.info({ user: "u_ada" });
  return user.name;
}
export const verified = (secret: string, headers: Headers, body: string): Promise<WebhookPayload> =>
  verifyWebhook(secret, headers, body);`);
  wrong["@wsafe/client"] = `
import { createClient } from "@wsafe/client";
const client = createClient({ baseUrl: "https://wsafe.example.test", token: "t" });
export const answer = client.users.info({ user: { id: "u_ada" } });`;
  good.push(`
import { type ConformanceReport, runConformance, toJUnit } from "@wsafe/conformance";
export async function junit(): Promise<string> {
  const report: ConformanceReport = await runConformance({ baseUrl: "https://wsafe.example.test", token: "t" });
  return toJUnit(report);
}`);
  wrong["@wsafe/conformance"] = `
import { runConformance } from "@wsafe/conformance";
export const report = runConformance({ baseUrl: "https://wsafe.example.test" });`;
  good.push(`
import { startServer } from "@wsafe/server";
export async function serve(): Promise<string> {
  const server = await startServer({ port: 0, database: "memory://" });
  await server.close();
  return server.url;
}`);
  wrong["@wsafe/server"] = `
import { startServer } from "@wsafe/server";
export const server = startServer({ port: "8443" });`;
  // The router's type reaches a consumer through the package's types alone: the input
  // and output of each procedure are the method's request data and success body.
  good.push(`
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import type { AppRouter } from "@wsafe/server";
const trpc = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "https://wsafe.example.test/trpc" })] });
export async function resourceTitles(): Promise<string[]> {
  const { resources } = await trpc["resources.list"].query({ token: "t" });
  return resources.map((resource) => resource.title);
}
export function failureIdentifier(error: TRPCClientError<AppRouter>): string | undefined {
  return error.data?.error;
}`);
  wrong["@wsafe/server AppRouter"] = `
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import type { AppRouter } from "@wsafe/server";
const trpc = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "https://wsafe.example.test/trpc" })] });
export const answer = trpc["users.info"].query({ token: "t" });`;

  const compilerOptions = {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    resolveJsonModule: true,
    types: [],
  };
  const project = (name: string, sources: Record<string, string>) => {
    for (const [file, source] of Object.entries(sources)) writeFileSync(join(scratch, file), source);
    const config = `tsconfig.${name}.json`;
    writeFileSync(join(scratch, config), JSON.stringify({ compilerOptions, files: Object.keys(sources) }));
    return tsc(config);
  };

  it("compiles a consumer that uses every package's types", () => {
    const result = project("good", { "good.ts": good.join("\n") });
    expect(result.stdout + result.stderr).toBe("");
    expect(result.status).toBe(0);
  }, 60_000);

  // One tsc run for every wrong file (tsc is the slow part); each must have its own error.
  it("refuses a consumer that misuses each package", () => {
    const files = Object.fromEntries(
      Object.entries(wrong).map(([name, source]) => [`wrong-${name.replace(/\W/g, "-")}.ts`, source]),
    );
    const result = project("wrong", files);
    expect(result.status).not.toBe(0);
    const failing = Object.keys(files).filter((file) =>
      new RegExp(`^${file.replace(".", "\\.")}\\(\\d+,\\d+\\): error TS\\d+`, "m").test(result.stdout),
    );
    expect(failing).toEqual(Object.keys(files));
  }, 60_000);
});
