import { createRequire } from "node:module";
import { join } from "node:path";
import { startServerProcess } from "@wsafe/test-support";
import { createConsumer } from "./createConsumer.js";
import { type NodeBuild, nodeBuild, onNode } from "./nodeBuilds.js";
import type { Registry } from "./startRegistry.js";
import { writeAppSources } from "./writeAppSources.js";

const require = createRequire(import.meta.url);

/** What a project on one Node line met, for the release suite to judge. */
export interface NodeConsumerReport {
  /** `node --version` as the project's commands see it. */
  nodeVersion: string;
  /** Every `npm warn` line of `npm install` of the four packages (an unsupported engine among them). */
  installWarnings: string[];
  /** What `node app.mjs` printed: the client and the schema used against the server. */
  app: unknown;
  /** What `npx -p @wsafe/conformance wsafe-conformance` printed against the server. */
  conformance: string;
  /** Seconds per step. */
  seconds: Record<string, number>;
}

/**
 * Runs a project outside the workspace on one Node line (its `node`, npm and npx through
 * the PATH): `npm install` of the four packages from the registry, then `npx -p
 * @wsafe/server wsafe serve --demo`, `node app.mjs` (the client and the schema against
 * that server), `tsc` under node16 and bundler, and the conformance kit against it.
 * What each step gave is reported, not judged: the suite asserts. A step that fails
 * (`tsc` finding an error, a server that does not start) rejects with its output.
 *
 * @param build - the Node build
 * @param dir - the project's directory, outside the workspace
 * @param registry - where the packages were published
 * @param npmCache - the npm cache the run's consumers share
 * @throws Error with a step's output when the step itself fails
 */
export async function checkConsumerOnNode(
  build: NodeBuild,
  dir: string,
  registry: Registry,
  npmCache: string,
): Promise<NodeConsumerReport> {
  const consumer = createConsumer(dir, registry, npmCache);
  const env = onNode(consumer.env, build);
  const seconds: Record<string, number> = {};
  const timed = async <T>(label: string, work: () => Promise<T>) => {
    const started = Date.now();
    try {
      return await work();
    } finally {
      seconds[label] = Math.round((Date.now() - started) / 100) / 10;
    }
  };
  const run = (command: string, args: string[], extra: NodeJS.ProcessEnv = {}) =>
    consumer.run(command, args, { ...env, ...extra });
  const nodeVersion = (await run("node", ["--version"])).stdout.trim();
  const install = await timed("npm install", () =>
    run("npm", ["install", "@wsafe/client", "@wsafe/schema", "@wsafe/server", "@wsafe/conformance"]),
  );
  const server = await timed("npx wsafe serve --demo", () =>
    startServerProcess(["--yes", "-p", "@wsafe/server", "wsafe", "serve", "--demo", "--port", "0"], {
      command: "npx",
      cwd: dir,
      env,
      group: true,
      name: `npx wsafe serve (Node ${build.major})`,
      timeoutMs: 300_000,
    }),
  );
  try {
    writeAppSources(dir);
    const cert = /self-signed certificate for localhost: (\S+)/.exec(server.output())![1]!;
    const app = await timed("node app.mjs", () =>
      run("node", ["app.mjs"], { WSAFE_URL: server.url, NODE_EXTRA_CA_CERTS: cert }),
    );
    const tsc = require.resolve("typescript/bin/tsc");
    await timed("tsc", async () => {
      for (const config of ["tsconfig.node16.json", "tsconfig.bundler.json"])
        await run("node", [tsc, "-p", config]);
    });
    const conformance = await timed("npx wsafe-conformance", () =>
      run("npx", [
        "--yes",
        "-p",
        "@wsafe/conformance",
        "wsafe-conformance",
        server.url,
        "--insecure",
        "--token",
        "wsafe-demo-token-read",
        "--other-token",
        "wsafe-demo-token-other-account",
        "--other-id",
        "equipmentType_id=et_other_account",
        "--other-id",
        "user=u_other",
      ]),
    );
    return {
      nodeVersion,
      installWarnings: `${install.stdout}\n${install.stderr}`
        .split("\n")
        .filter((line) => /npm warn/i.test(line)),
      app: JSON.parse(app.stdout),
      conformance: conformance.stdout,
      seconds,
    };
  } finally {
    await server.stop();
  }
}

/**
 * Starts {@link checkConsumerOnNode} on each Node line at once, each in a project of its
 * own under `tmp`, and hands back what each came to: its report, the error a step failed
 * with, or why the line cannot run here (no build for this platform).
 *
 * @param root - the checkout (where the Node builds are kept)
 * @param majors - the Node lines
 * @param tmp - the run's scratch directory
 * @param registry - where the packages were published
 * @param npmCache - the npm cache the run's consumers share
 */
export function startConsumerChecks(
  root: string,
  majors: readonly number[],
  tmp: string,
  registry: Registry,
  npmCache: string,
): Map<number, Promise<NodeConsumerReport | Error | string>> {
  return new Map(
    majors.map((major) => {
      const build = nodeBuild(root, major);
      const report =
        typeof build === "string"
          ? Promise.resolve(build)
          : checkConsumerOnNode(build, join(tmp, `app-node${major}`), registry, npmCache).catch(
              (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
            );
      return [major, report] as const;
    }),
  );
}
