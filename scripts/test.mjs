#!/usr/bin/env node
// Runs every test of the workspace. Starts the real PostgreSQL and Redis
// servers first (scripts/services.sh installs them when missing) and hands
// their addresses to the tests through WSAFE_TEST_DATABASE_URL and
// WSAFE_TEST_REDIS_URL; where they cannot be had, the tests that need them
// say that they skipped.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const env = { ...process.env };

const services = spawnSync("bash", [join(root, "scripts", "services.sh")], {
  cwd: root,
  encoding: "utf8",
  stdio: ["ignore", "pipe", "inherit"],
});
for (const line of services.stdout.split("\n")) {
  const match = /^(WSAFE_[A-Z_]+|CHROMIUM_PATH)=(.*)$/.exec(line.trim());
  if (match) {
    env[match[1]] ??= match[2];
    console.log(`test: ${match[1]}=${match[2]}`);
  }
}
if (services.status !== 0) console.warn("test: services.sh failed; tests that need PostgreSQL or Redis will skip");

const turbo = join(root, "node_modules", ".bin", "turbo");
const run = spawnSync(turbo, ["run", "test", "--concurrency=1", ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdio: "inherit",
});
process.exit(run.status ?? 1);
