#!/usr/bin/env node
// `npm test`: every check of the workspace, in the order CI needs:
// 1. starts the real PostgreSQL and Redis servers (scripts/services.sh installs
//    them when missing) and hands their addresses to the tests through
//    WSAFE_TEST_DATABASE_URL and WSAFE_TEST_REDIS_URL; where they cannot be had,
//    the tests that need them say that they skipped;
// 2. builds every package (turbo, two at a time), then Biome's lint and format check;
// 3. every package's suite, the breaking-change gate against the released /v1 contract
//    and the benchmarks at a tiny size (figures printed, not asserted), as turbo tasks
//    in two lanes side by side (scripts/testLanes.mjs says which and why).
// Every check is a turbo task with its inputs declared (turbo.json): one whose inputs did
// not change since it last passed is replayed from turbo's cache, so a second run with
// nothing changed runs nothing, and a change re-runs the checks that depend on it.
//   npm test                          everything that changed (all of it from a fresh clone)
//   npm test -- --force               everything, cache or not
//   npm test -- --filter=@wsafe/client  one package's checks (repeatable; turbo's filter syntax)
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { checkTasks, intoLanes } from "./testLanes.mjs";
import { ensureWorkspace, root, toolEnv } from "./toolchain.mjs";
import { childrenCpuMs, plannedChecks, runTurbo } from "./turboChecks.mjs";

const usage = "usage: npm test [-- --force] [-- --filter=<package> ...]";
const startedAt = Date.now();
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
// Processor time of every step, summed: on a machine of n cores no run of these checks can
// take less than this ÷ n, however they are laid out (issue 34's accounting).
let cpuMsTotal = 0;
const cpuText = (cpuMs) => (cpuMs === undefined ? "" : `, ${minutes(cpuMs)} of processor time`);
let force = false;
const filters = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--force") force = true;
  else if (args[i] === "--filter") filters.push(args[++i]);
  else if (args[i]?.startsWith("--filter=")) filters.push(args[i].slice("--filter=".length));
  else {
    console.error(`test: unknown argument ${args[i]}\n${usage}`);
    process.exit(2);
  }
}

ensureWorkspace();
// turbo and every package script find the pinned pnpm through this PATH.
const env = toolEnv();
// What the suites of this run make once and share (the demo store, the packed tarballs).
env.WSAFE_TEST_RUN_ID ??= `${new Date().toISOString().replace(/[:.]/g, "-")}-${process.pid}`;

const services = spawnSync("bash", [join(root, "scripts", "services.sh")], {
  cwd: root,
  encoding: "utf8",
  stdio: ["ignore", "pipe", "inherit"],
});
for (const line of services.stdout.split("\n")) {
  const match = /^(WSAFE_[A-Z_]+|CHROMIUM_PATH)=(.*)$/.exec(line.trim());
  if (match) {
    env[match[1]] ??= match[2];
    console.log(`test: ${match[1]}=${env[match[1]]}`);
  }
}
if (services.status !== 0)
  console.warn("test: services.sh failed; tests that need PostgreSQL or Redis will skip");

/** Runs a command to its end, its output shown; resolves with its exit code. */
function run(command, args) {
  // Through bash for its `times`, as runTurbo: the processor time of what ran.
  const child = spawnSync("bash", ["-c", '"$@"; code=$?; times >&3; exit $code', "bash", command, ...args], {
    cwd: root,
    env,
    stdio: ["inherit", "inherit", "inherit", "pipe"],
    encoding: "utf8",
  });
  return { code: child.status ?? 1, cpuMs: childrenCpuMs(child.output?.[3] ?? "") };
}

/** Runs one step; stops the whole run with its exit code when it fails. */
async function step(title, run) {
  console.log(`\ntest: ${title}`);
  const { code, cpuMs } = await run();
  cpuMsTotal += cpuMs ?? 0;
  if (code !== 0) {
    console.error(`test: ${title} failed (exit ${code}) after ${minutes(Date.now() - startedAt)}`);
    process.exit(code || 1);
  }
}

const filterArgs = filters.map((filter) => `--filter=${filter}`);
await step("build (turbo, cached)", () =>
  runTurbo(["build", ...filterArgs, "--concurrency=2"], { env, logs: "errors-only" }),
);
if (filters.length === 0) await step("lint and format (Biome)", () => runTurbo(["//#lint"], { env, force }));

const checks = plannedChecks(checkTasks, { env, filters }).filter((check) => check.id !== "//#lint");
const cached = force ? [] : checks.filter((check) => check.cached).map((check) => check.id);
const lanes = intoLanes(checks.map((check) => check.id).filter((id) => !cached.includes(id)));
const results = new Map(cached.map((id) => [id, "cached"]));
/** What each failed check's output said failed, by check. */
const failureLines = new Map();
console.log(
  `\ntest: ${checks.length} checks, ${cached.length} unchanged since they passed (replayed from turbo's cache), ` +
    `${checks.length - cached.length} to run in ${lanes.length} lane(s):`,
);
for (const lane of lanes) console.log(`  ${lane.join(" → ")}`);
if (cached.length > 0) {
  const replay = await runTurbo(cached, { env });
  if (replay.code !== 0) for (const id of cached) results.set(id, `FAILED to replay (exit ${replay.code})`);
}
if (lanes.length > 0)
  await step("template stores and test certificate (made once, shared by every suite)", () =>
    run(process.execPath, [join(root, "tests", "support", "bin", "prepare-templates.mjs")]),
  );

await Promise.all(
  lanes.map(async (lane) => {
    for (const id of lane) {
      console.log(`\ntest: ${id} started`);
      const { code, ms, cpuMs, failures } = await runTurbo([id], { env, force });
      if (code !== 0) failureLines.set(id, failures);
      cpuMsTotal += cpuMs ?? 0;
      const took = `${minutes(ms)}${cpuText(cpuMs)}`;
      results.set(id, code === 0 ? `passed in ${took}` : `FAILED (exit ${code}) after ${took}`);
      console.log(`test: ${id} ${results.get(id)}`);
    }
  }),
);

// The packaging suite leaves its fresh install for the release suite; if that did not run, it is left here.
rmSync(join(tmpdir(), `wsafe-fresh-install-${env.WSAFE_TEST_RUN_ID}`), { recursive: true, force: true });

const failed = [...results].filter(([, result]) => result.startsWith("FAILED"));
console.log(
  `\ntest: every check, in ${minutes(Date.now() - startedAt)}` +
    `${cpuMsTotal > 0 ? ` (${minutes(cpuMsTotal)} of processor time on ${availableParallelism()} cores, PostgreSQL's own not counted)` : ""}:`,
);
const width = Math.max(...[...results.keys()].map((id) => id.length));
for (const check of checks) console.log(`  ${check.id.padEnd(width)}  ${results.get(check.id)}`);
if (failed.length > 0) {
  for (const [id, lines] of failureLines) {
    console.error(`\ntest: what failed in ${id} (its lines above that say so, the first ${lines.length}):`);
    for (const line of lines) console.error(`  ${line}`);
  }
  console.error(`test: ${failed.length} failed: ${failed.map(([id]) => id).join(", ")}`);
  process.exit(1);
}
console.log("test: every check passed");
