#!/usr/bin/env node
// The suites whose answers depend on dates (./suites.mjs), run again with the clock a year
// ahead: Debian's faketime moves the clock of every process they start (servers, curl,
// Node scripts), and they talk to a PostgreSQL whose clock is moved the same way
// (scripts/services.sh starts it). The docs once printed examples that held only until
// their month had passed, and the suite failed from one day to the next (issue 47): a
// check must hold whatever day it runs.
//
// Where faketime cannot be had this says loudly that it skipped; where the PostgreSQL
// ahead cannot, the suites run on the embedded store only (a PostgreSQL a year behind
// would only measure the difference of the two clocks).
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { clockAheadSuites } from "./suites.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const faketime = process.env.WSAFE_FAKETIME;
const ahead = process.env.WSAFE_CLOCK_AHEAD ?? "+365d";
const day = 86_400_000;

if (!faketime) {
  console.log(
    "clock-ahead: SKIPPING: faketime is not installed (scripts/services.sh installs Debian's faketime as root); the date-dependent suites did not run with the clock a year ahead",
  );
  process.exit(0);
}

// faketime that moves nothing would let every suite pass on today's date: check it first.
const probe = spawnSync(faketime, ["-f", ahead, process.execPath, "-p", "Date.now()"], { encoding: "utf8" });
const moved = Number(probe.stdout) - Date.now();
if (probe.status !== 0 || !(Math.abs(moved - 365 * day) < day)) {
  console.error(
    `clock-ahead: faketime ${ahead} did not move Node's clock a year ahead (moved ${moved} ms; ${probe.stderr.trim()})`,
  );
  process.exit(1);
}

const env = { ...process.env };
// Templates made under this clock, not today's: the demo's dates follow the day it is imported.
env.WSAFE_TEST_RUN_ID = `${process.env.WSAFE_TEST_RUN_ID ?? process.pid}-clock-ahead`;
if (process.env.WSAFE_TEST_DATABASE_URL_AHEAD)
  env.WSAFE_TEST_DATABASE_URL = process.env.WSAFE_TEST_DATABASE_URL_AHEAD;
else {
  delete env.WSAFE_TEST_DATABASE_URL;
  console.log("clock-ahead: no PostgreSQL with its clock ahead: the suites run on the embedded store only");
}

const failed = [];
for (const suite of clockAheadSuites) {
  console.log(`\nclock-ahead: ${suite.dir}, the clock ${ahead} (${suite.why})`);
  const run = spawnSync(
    faketime,
    ["-f", ahead, process.execPath, join(root, "scripts", "run.mjs"), "vitest", "run", ...suite.files],
    { cwd: join(root, suite.dir), env, stdio: "inherit" },
  );
  if (run.status !== 0) failed.push(`${suite.dir} (exit ${run.status ?? run.signal})`);
}
if (failed.length > 0) {
  console.error(`\nclock-ahead: failed with the clock ${ahead}: ${failed.join(", ")}`);
  process.exit(1);
}
console.log(`\nclock-ahead: every date-dependent suite passed with the clock ${ahead}`);
