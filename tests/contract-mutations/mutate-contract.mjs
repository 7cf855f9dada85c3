#!/usr/bin/env node
// Shows that the tests pin the contract where it is subtle: applies, one at a time,
// every mutation of tests/contract-mutations/mutations.mjs to the working tree (the
// status SQL's comparisons, the status rules, the order of the pipeline's checks in
// the server and in the schema's table), runs the suites that should notice, and
// prints a table: the mutation, whether a test failed, which. Every file is restored
// after each mutation, on Ctrl-C too; a run killed outright is undone by the next one
// (the originals wait in a backup file beside this script until then).
//
//   npm run mutation:contract                      every mutation
//   npm run mutation:contract -- --only swap       those whose name contains "swap"
//   npm run mutation:contract -- --all-suites      every suite for each, not only until one fails
//   npm run mutation:contract -- --markdown out.md also write the table there
//   npm run mutation:contract -- --publish         write results.json and the README's table (the docs
//                                                  site's mutation testing page reads results.json)
//   npm run mutation:contract -- --list            only list the mutations (and check they apply)
//
// The server's suites run on both stores when WSAFE_TEST_DATABASE_URL is set (some
// pairs, such as a used-up limit of a deactivated account, exist only on PostgreSQL),
// against the schema's TypeScript source (apps/server/vitest.schema-source.config.ts),
// with a fixed fast-check seed (WSAFE_TEST_SEED, default 1) so that runs compare.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root, toolEnv } from "../../scripts/toolchain.mjs";
import { contractMutations, suites } from "./mutations.mjs";
import { publishResults, resultsSummary, resultsTable } from "./report.mjs";

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const only = option("--only");
const markdownFile = option("--markdown");
const publish = args.includes("--publish");
const allSuites = args.includes("--all-suites");
const listOnly = args.includes("--list");

const backupFile = join(import.meta.dirname, ".mutate-contract-backup.json");
const scratch = mkdtempSync(join(tmpdir(), "mutate-contract-"));
const env = { ...toolEnv(), WSAFE_TEST_SEED: process.env.WSAFE_TEST_SEED ?? "1" };

/** Puts back every file a killed run left mutated. */
function restoreFromBackup() {
  if (!existsSync(backupFile)) return;
  const originals = JSON.parse(readFileSync(backupFile, "utf8"));
  for (const [file, text] of Object.entries(originals)) writeFileSync(join(root, file), text);
  rmSync(backupFile);
  console.log(`restored ${Object.keys(originals).join(", ")} from an interrupted run`);
}

/** Applies a mutation; returns how to undo it. */
function apply(mutation) {
  const path = join(root, mutation.file);
  const original = readFileSync(path, "utf8");
  const count = original.split(mutation.from).length - 1;
  if (count !== 1)
    throw new Error(`${mutation.name}: expected one match in ${mutation.file}, found ${count}`);
  writeFileSync(backupFile, JSON.stringify({ [mutation.file]: original }));
  writeFileSync(path, original.replace(mutation.from, mutation.to));
  return () => {
    writeFileSync(path, original);
    rmSync(backupFile, { force: true });
  };
}

let undo;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    undo?.();
    console.error(`\n${signal}: restored the working tree`);
    process.exit(130);
  });
}

/** Runs one suite; the names of its failed tests (empty when it passed). */
function runSuite(key) {
  const suite = suites[key];
  const report = join(scratch, `${key}.json`);
  rmSync(report, { force: true });
  const config = suite.server ? ["--config", "vitest.schema-source.config.ts"] : [];
  const run = spawnSync(
    "vitest",
    ["run", suite.file, ...config, "--reporter=json", `--outputFile=${report}`, "--typecheck.enabled=false"],
    { cwd: join(root, suite.cwd), env, encoding: "utf8", timeout: 15 * 60_000 },
  );
  if (run.status === 0) return [];
  if (!existsSync(report))
    return [`(did not run: ${(run.stderr || run.error?.message || "").split("\n")[0]})`];
  const results = JSON.parse(readFileSync(report, "utf8"));
  // One entry per test, with the stores it failed on (the server's suites run on each).
  const stores = new Map();
  for (const file of results.testResults) {
    for (const test of file.assertionResults.filter((t) => t.status === "failed")) {
      const store = test.ancestorTitles.join(" ").match(/PGlite|PostgreSQL/)?.[0];
      const on = stores.get(test.title) ?? new Set();
      if (store) on.add(store);
      stores.set(test.title, on);
    }
  }
  const failed = [...stores].map(([title, on]) => (on.size ? `${title} (${[...on].join(", ")})` : title));
  const loadErrors = results.testResults.filter(
    (file) => file.status === "failed" && !file.assertionResults.length,
  );
  return failed.length
    ? failed
    : loadErrors.map((file) => `(failed to load: ${file.message.split("\n")[0]})`);
}

/** One mutation: which suites caught it and with which tests. */
function tryMutation(mutation) {
  undo = apply(mutation);
  const catches = [];
  try {
    for (const key of mutation.suites) {
      const failed = runSuite(key);
      if (failed.length) {
        catches.push({ suite: suites[key].file, tests: failed });
        if (!allSuites) break;
      }
    }
  } finally {
    undo();
    undo = undefined;
  }
  return catches;
}

const describeCatch = ({ suite, tests }) =>
  `\`${suite.split("/").pop()}\`: ${tests[0]}${tests.length > 1 ? ` (and ${tests.length - 1} more)` : ""}`;

const mutations = contractMutations(root).filter(
  (m) => !only || m.name.includes(only) || m.group.includes(only),
);
if (listOnly) {
  for (const mutation of mutations) {
    const count = readFileSync(join(root, mutation.file), "utf8").split(mutation.from).length - 1;
    const state = mutation.equivalent
      ? `equivalent: ${mutation.equivalent}`
      : `${count} match${count === 1 ? "" : "es"}`;
    console.log(`${mutation.group}: ${mutation.name} [${mutation.file}] ${state}`);
  }
  process.exit(0);
}
// One run at a time: a second would restore the first one's mutation under it.
const lockFile = join(import.meta.dirname, ".mutate-contract.lock");
if (existsSync(lockFile)) {
  const pid = Number(readFileSync(lockFile, "utf8"));
  let alive = false;
  try {
    process.kill(pid, 0);
    alive = true;
  } catch {}
  if (alive) {
    console.error(`mutate-contract: another run (process ${pid}) is under way in this tree`);
    process.exit(1);
  }
}
writeFileSync(lockFile, String(process.pid));
process.on("exit", () => rmSync(lockFile, { force: true }));
restoreFromBackup();
const stores = process.env.WSAFE_TEST_DATABASE_URL ? "PGlite and PostgreSQL" : "PGlite only";
console.log(
  `mutate-contract: ${mutations.length} mutations, server suites on ${stores}, seed ${env.WSAFE_TEST_SEED}`,
);

const started = Date.now();
console.log("baseline: every suite must pass unmutated");
for (const key of new Set(mutations.flatMap((m) => m.suites))) {
  const failed = runSuite(key);
  if (failed.length) {
    console.error(`baseline: ${suites[key].file} fails without any mutation: ${failed.join("; ")}`);
    process.exit(1);
  }
}

const rows = [];
for (const [index, mutation] of mutations.entries()) {
  const at = Date.now();
  // An equivalent mutation changes no behaviour: no test can catch it, so none runs.
  const catches = mutation.equivalent ? [] : tryMutation(mutation);
  const verdict = mutation.equivalent ? "equivalent" : catches.length ? "caught" : "survived";
  rows.push({
    group: mutation.group,
    name: mutation.name,
    file: mutation.file,
    verdict,
    by: mutation.equivalent ? mutation.equivalent : catches.map(describeCatch).join("; ") || "-",
  });
  const seconds = Math.round((Date.now() - at) / 1000);
  console.log(
    `[${index + 1}/${mutations.length}] ${verdict} ${mutation.group}: ${mutation.name} (${seconds} s)`,
  );
}
rmSync(scratch, { recursive: true, force: true });

const results = {
  measuredOn: new Date().toISOString().slice(0, 10),
  stores,
  seed: Number(env.WSAFE_TEST_SEED),
  minutes: Number(((Date.now() - started) / 60_000).toFixed(1)),
  mutations: rows,
};
const table = `${resultsSummary(results)}\n\n${resultsTable(results)}`;
console.log(`\n${table}`);
if (markdownFile) writeFileSync(markdownFile, `${table}\n`);
// Only a run of every mutation is published: a partial one would hide the rest.
if (publish && !only) publishResults(results);
process.exit(rows.some((row) => row.verdict === "survived") ? 1 : 0);
