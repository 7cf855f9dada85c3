// The release as other teams meet it. A scratch copy of this working tree is released
// with the project's own commands (`npm run release:v1` before 1.0.0, else
// `npm run version-packages` when changesets are pending, then `npm run release`, which
// is `changeset publish`) to a Verdaccio registry on 127.0.0.1. Then projects outside
// the workspace install from it with npm only, through a scoped `@wsafe:registry`,
// and use every package: ESM, tsc (node16, bundler), a browser bundle in Chromium,
// `npx -p @wsafe/server wsafe serve --demo` and its curl lines, the conformance kit
// through npx, Python's jsonschema on the shipped schema files. Last, a patch is
// released and `npm update` moves every consumer to it, all four packages in step.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { publishedPackages } from "@wsafe/pack-test";
import { type ServerProcess, startServerProcess } from "@wsafe/test-support";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type NodeConsumerReport, startConsumerChecks } from "../src/checkConsumerOnNode.js";
import { checkoutBuildCache } from "../src/checkoutBuildCache.js";
import { type Consumer, createConsumer } from "../src/createConsumer.js";
import { createScratchWorkspace, type ScratchWorkspace } from "../src/createScratchWorkspace.js";
import { supportedNodeMajors } from "../src/nodeBuilds.js";
import { releasedLabels, releaseLabels } from "../src/releaseLabels.js";
import { curlLinesOf, runCurlLine } from "../src/runCurlLines.js";
import { runInChromium } from "../src/runInChromium.js";
import { type Registry, startRegistry } from "../src/startRegistry.js";
import { writeAppSources } from "../src/writeAppSources.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const require = createRequire(import.meta.url);
const names = publishedPackages.map((pkg) => pkg.name);
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const python = process.env.WSAFE_PYTHON_JSONSCHEMA ?? "/usr/bin/python3";
const hasChromium = existsSync(chromiumPath);
const hasPython = existsSync(python) && spawnSync(python, ["-c", "import jsonschema"]).status === 0;
if (!hasChromium) console.warn(`\n!!! release: the browser check SKIPPED: no Chromium at ${chromiumPath}\n`);
if (!hasPython) console.warn(`\n!!! release: the Python check SKIPPED: ${python} cannot import jsonschema\n`);
// Consumers run with a person's environment: nothing pnpm or turbo set for this suite
// (a registry, a user agent) may reach npm or npx through the processes started here.
for (const key of Object.keys(process.env))
  if (/^(npm_|pnpm_|TURBO_|INIT_CWD$)/i.test(key)) delete process.env[key];

let tmp: string;
let registry: Registry;
let workspace: ScratchWorkspace;
let app: Consumer;
let ops: Consumer;
let server: ServerProcess;
let released: string;
/** The other supported Node lines than this process's, each with its consumer checks under way. */
const ownMajor = Number(process.versions.node.split(".")[0]);
const otherMajors = supportedNodeMajors.filter((major) => major !== ownMajor);
let onOtherNodes: Map<number, Promise<NodeConsumerReport | Error | string>>;
let publishOutput: string;
const timings: Record<string, number> = {};
const timed = async <T>(label: string, work: () => T | Promise<T>): Promise<T> => {
  const started = Date.now();
  try {
    return await work();
  } finally {
    timings[label] = Math.round((Date.now() - started) / 100) / 10;
  }
};
const demo = { read: "wsafe-demo-token-read", other: "wsafe-demo-token-other-account" };

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "wsafe-release-"));
  registry = await timed("registry", () => startRegistry(join(tmp, "registry")));
  workspace = await timed("scratch copy and set-up", () => createScratchWorkspace(root, registry));
  // What a maintainer runs on release day: the first stable release while the packages
  // are 0.x, else the pending changesets.
  await timed("version", () => {
    if (workspace.version().startsWith("0.")) workspace.run("npm", ["run", "release:v1"]);
    else if (workspace.pendingChangesets()) workspace.run("npm", ["run", "version-packages"]);
  });
  released = workspace.version();
  // The registry for unscoped names too: whatever the config, nothing is published past loopback.
  // Builds of unchanged sources come from the checkout's turbo cache, read only.
  publishOutput = await timed("build and changeset publish", () =>
    workspace.run("npm", ["run", "release"], {
      npm_config_registry: registry.url,
      ...checkoutBuildCache(root),
    }),
  );
  const cache = join(tmp, "npm-cache");
  // The other Node lines' consumer checks run beside the tests below, each a project of its own.
  onOtherNodes = startConsumerChecks(root, otherMajors, tmp, registry, cache);
  app = createConsumer(join(tmp, "app"), registry, cache);
  ops = createConsumer(join(tmp, "ops"), registry, cache);
  server = await timed("npx wsafe serve --demo", () =>
    startServerProcess(["--yes", "-p", "@wsafe/server", "wsafe", "serve", "--demo", "--port", "0"], {
      command: "npx",
      cwd: ops.dir,
      env: ops.env,
      group: true,
      name: "npx wsafe serve",
      timeoutMs: 300_000,
    }),
  );
}, 900_000);

afterAll(async () => {
  console.log(`release: seconds per step: ${JSON.stringify(timings)}`);
  await server?.stop();
  await registry?.process.stop();
  // The scratch copy's node_modules is tens of thousands of links: seconds on an idle disk, a minute on a busy one.
  await workspace?.remove();
  if (tmp) await rm(tmp, { recursive: true, force: true });
}, 300_000);

/** The registry's document of a package. */
const packument = async (name: string) =>
  (await (await fetch(`${registry.url}${name.replace("/", "%2f")}`)).json()) as {
    "dist-tags": Record<string, string>;
    versions: Record<string, { dependencies?: Record<string, string> }>;
  };

describe("the release, as consumers meet it", () => {
  it("publishes the four packages at one version with changeset publish", async () => {
    expect(publishOutput).toContain("packages published successfully");
    for (const name of names) {
      const document = await packument(name);
      expect(document["dist-tags"].latest, name).toBe(released);
      // pnpm publish wrote real versions in place of workspace:*: the group moves together.
      for (const [dependency, range] of Object.entries(document.versions[released]!.dependencies ?? {}))
        if (dependency.startsWith("@wsafe/")) expect(range, `${name} → ${dependency}`).toBe(released);
    }
  });

  it("installs @wsafe/client and @wsafe/schema with npm, imports them as ESM and type-checks under node16 and bundler", async () => {
    const install = await timed("npm install client schema", () =>
      app.run("npm", ["install", "@wsafe/client", "@wsafe/schema"]),
    );
    expect(`${install.stdout}${install.stderr}`).not.toMatch(/EBADENGINE/);
    expect([app.installedVersion("@wsafe/client"), app.installedVersion("@wsafe/schema")]).toEqual([
      released,
      released,
    ]);
    writeAppSources(app.dir);
    const cert = /self-signed certificate for localhost: (\S+)/.exec(server.output())![1]!;
    const { stdout } = await app.run(process.execPath, ["app.mjs"], {
      WSAFE_URL: server.url,
      NODE_EXTRA_CA_CERTS: cert,
    });
    expect(JSON.parse(stdout)).toMatchObject({
      user: { id: "u_ada", name: "Ada Lovelace" },
      valid: true,
      methods: expect.arrayContaining(["users.info", "equipments.list"]),
    });
    const tsc = require.resolve("typescript/bin/tsc");
    for (const config of ["tsconfig.node16.json", "tsconfig.bundler.json"])
      await timed(`tsc ${config}`, () => app.run(process.execPath, [tsc, "-p", config]));
  });

  it("serves the demo with `npx -p @wsafe/server wsafe serve --demo`, answering the curl lines it prints", async () => {
    const npxServer = readdirSync(join(ops.env.npm_config_cache!, "_npx")).map((dir) =>
      join(ops.env.npm_config_cache!, "_npx", dir, "node_modules", "@wsafe", "server", "package.json"),
    );
    expect(
      npxServer.filter(existsSync).map((file) => JSON.parse(readFileSync(file, "utf8")).version),
    ).toEqual([released]);
    const lines = curlLinesOf(server.output());
    // Two reads, then the writes: an inspection (since 1.2.0) and an equipment (since 1.5.0).
    expect(lines).toHaveLength(4);
    const [get, post] = (await Promise.all(lines.slice(0, 2).map(runCurlLine))) as [
      unknown,
      { ok: boolean; equipments: object[] },
    ];
    const [recorded, created] = [await runCurlLine(lines[2]!), await runCurlLine(lines[3]!)];
    expect(recorded).toMatchObject({ ok: true, inspection: { result: "passed" } });
    expect(created).toMatchObject({ ok: true, equipment: { serialNumber: "HN-DEMO-NEW", version: 1 } });
    expect(get).toEqual({ ok: true, user: { id: "u_ada", name: "Ada Lovelace" } });
    expect(post.ok).toBe(true);
    expect(post.equipments.length).toBeGreaterThan(0);
    // Each record holds exactly the columns the printed line asked for.
    const { columns } = JSON.parse(/-d '(\{.*\})'/.exec(lines[1]!)![1]!) as { columns: string[] };
    for (const equipment of post.equipments)
      expect(Object.keys(equipment).sort()).toEqual([...columns].sort());
  });

  it("passes the conformance kit run with `npx -p @wsafe/conformance wsafe-conformance`", async () => {
    const { stdout } = await timed("npx wsafe-conformance", () =>
      ops.run("npx", [
        "--yes",
        "-p",
        "@wsafe/conformance",
        "wsafe-conformance",
        server.url,
        "--insecure",
        "--token",
        demo.read,
        "--other-token",
        demo.other,
        "--other-id",
        "equipmentType_id=et_other_account",
        "--other-id",
        "user=u_other",
      ]),
    );
    expect(stdout).toMatch(/\b0 failed\b/);
  });

  it.skipIf(!hasChromium)(
    "runs the client bundled by esbuild from the installed package in Chromium against that server",
    async () => {
      const bundle = await build({
        entryPoints: [join(app.dir, "browser.mjs")],
        absWorkingDir: app.dir,
        bundle: true,
        format: "esm",
        platform: "browser",
        target: "es2022",
        write: false,
      });
      const answer = await timed("Chromium", () =>
        runInChromium(
          chromiumPath,
          bundle.outputFiles[0]!.text,
          async ({ baseUrl, token }: Record<string, string>) => {
            // biome-ignore lint/suspicious/noExplicitAny: the bundle's export, as the page sees it
            const { createClient } = (globalThis as any).wsafe;
            return await createClient({ baseUrl, token }).users.info({ user: "u_ada" });
          },
          { baseUrl: server.url, token: demo.read },
        ),
      );
      expect(answer).toEqual({ ok: true, user: { id: "u_ada", name: "Ada Lovelace" } });
    },
  );

  it.skipIf(!hasPython)(
    "validates real answers with Python's jsonschema against the JSON Schema files in the @wsafe/schema tarball",
    async () => {
      const [get, post] = await Promise.all(curlLinesOf(server.output()).map(runCurlLine));
      const refused = await runCurlLine(
        `curl -k '${server.url}/v1/users.info?${encodeURIComponent('{"token":"nope","user":"u_ada"}')}'`,
      );
      const payloads = [
        { name: "users.info", schema: "users.info.result", payload: get },
        { name: "equipments.list", schema: "equipments.list.result", payload: post },
        { name: "token_invalid", schema: "ErrorResponse", payload: refused },
        { name: "wrong", schema: "users.info.result", payload: { ok: true, user: { id: "u_ada" } } },
      ];
      const file = join(tmp, "payloads.json");
      writeFileSync(file, JSON.stringify(payloads));
      const schemas = join(app.dir, "node_modules", "@wsafe", "schema", "generated", "json-schema");
      const script = join(root, "tests", "ecosystem", "python", "validate_payloads.py");
      const run = spawnSync(python, [script, schemas, file], { encoding: "utf8" });
      expect(run.status, run.stderr).toBe(0);
      const report = JSON.parse(run.stdout) as { schemas: number; errors: Record<string, string[]> };
      expect(report.schemas).toBe(readdirSync(schemas).length);
      // Three real answers valid; the fourth proves the validator refuses what breaks the contract.
      expect(report.errors).toEqual({
        "users.info": [],
        "equipments.list": [],
        token_invalid: [],
        wrong: ["user: 'name' is a required property"],
      });
    },
  );

  it.for(otherMajors)(
    "on Node %i, installs the four packages cleanly, type-checks, calls the server, serves the demo and passes the conformance kit",
    { timeout: 600_000 },
    async (major: number, context) => {
      const report = await onOtherNodes.get(major)!;
      if (typeof report === "string") {
        console.warn(`\n!!! release: the consumer checks on Node ${major} SKIPPED: ${report}\n`);
        context.skip();
        return;
      }
      if (report instanceof Error) throw report;
      timings[`Node ${major}`] = Object.values(report.seconds).reduce((sum, value) => sum + value, 0);
      expect(report.nodeVersion).toMatch(new RegExp(`^v${major}\\.`));
      expect(report.installWarnings).toEqual([]);
      expect(report.app).toMatchObject({
        user: { id: "u_ada", name: "Ada Lovelace" },
        valid: true,
        methods: expect.arrayContaining(["users.info", "equipments.list"]),
      });
      expect(report.conformance).toMatch(/\b0 failed\b/);
    },
  );

  it("publishes a patch, and `npm update` moves every consumer to it with the four packages in step", async () => {
    // On this process's Node (20 on these machines): cookie 2, through fastify's light-my-request, warned here.
    const install = await ops.run("npm", ["install", "@wsafe/server", "@wsafe/conformance"]);
    expect(`${install.stdout}${install.stderr}`).not.toMatch(/EBADENGINE/);
    expect(
      names.map((name) =>
        (name.endsWith("server") || name.endsWith("conformance") ? ops : app).installedVersion(name),
      ),
    ).toEqual(names.map(() => released));
    expect(await releaseLabels(ops, server.output())).toEqual(releasedLabels(released));
    workspace.addChangeset(
      "release-suite-patch",
      { "@wsafe/client": "patch" },
      "A fix, released by the release suite.",
    );
    await timed("patch: version-packages", () => workspace.run("npm", ["run", "version-packages"]));
    const [major, minor, patch] = released.split(".").map(Number) as [number, number, number];
    const next = `${major}.${minor}.${patch + 1}`;
    expect(workspace.version()).toBe(next);
    await timed("patch: build and changeset publish", () =>
      workspace.run("npm", ["run", "release"], { npm_config_registry: registry.url }),
    );
    await timed("npm update", () => Promise.all([app.run("npm", ["update"]), ops.run("npm", ["update"])]));
    const installed = {
      app: ["@wsafe/client", "@wsafe/schema"].map((name) => app.installedVersion(name)),
      ops: ["@wsafe/server", "@wsafe/conformance", "@wsafe/schema"].map((name) => ops.installedVersion(name)),
    };
    expect(installed).toEqual({ app: [next, next], ops: [next, next, next] });
    // One copy of the schema each: no package pinned another version under its own node_modules.
    for (const [consumer, dependent] of [
      [app, "client"],
      [ops, "server"],
      [ops, "conformance"],
    ] as const)
      expect(
        existsSync(
          join(consumer.dir, "node_modules", "@wsafe", dependent, "node_modules", "@wsafe", "schema"),
        ),
      ).toBe(false);
    // Two release commands and a build of the four packages: 300 s ran out on a machine
    // shared by five suites (version-packages 153 s, build and publish 108 s).
  }, 600_000);
});
