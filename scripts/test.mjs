#!/usr/bin/env node
// Runs every test of the workspace, in the order CI needs:
// 1. starts the real PostgreSQL and Redis servers (scripts/services.sh installs
//    them when missing) and hands their addresses to the tests through
//    WSAFE_TEST_DATABASE_URL and WSAFE_TEST_REDIS_URL; where they cannot be had,
//    the tests that need them say that they skipped;
// 2. Biome's lint and format check, then every package's suite through turbo (each builds what it depends on first);
// 3. the breaking-change gate against the released /v1 contract;
// 4. the benchmarks at a tiny size, so they never rot (figures printed, not asserted).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ensureWorkspace, root, toolEnv } from "./toolchain.mjs";

const startedAt = Date.now();
ensureWorkspace();
// turbo and every package script find the pinned pnpm through this PATH.
const env = toolEnv();

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

/** Runs one step; stops the whole run with its exit code when it fails. */
function step(title, command, args) {
  console.log(`\ntest: ${title}`);
  const run = spawnSync(command, args, { cwd: root, env, stdio: "inherit" });
  if (run.status !== 0) {
    const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
    console.error(`test: ${title} failed (exit ${run.status ?? run.signal}) after ${minutes} min`);
    process.exit(run.status || 1);
  }
}

step("lint and format (Biome)", "biome", ["check", "."]);
step("every package's suite", "turbo", [
  "run",
  "test",
  "--concurrency=1",
  "--continue",
  ...process.argv.slice(2),
]);
step("breaking-change gate (/v1 contract)", process.execPath, [
  join(root, "tools", "contract-check", "bin", "contract-check.js"),
]);
step("benchmarks, quick", process.execPath, [join(root, "bench", "run.mjs"), "--quick"]);
const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
console.log(`\ntest: every step passed in ${minutes} min`);
