#!/usr/bin/env node
// `npm run mutation`: Stryker over @wsafe/schema, @wsafe/client and the server's
// pipeline, parameter and pagination code, one package after the other (each uses both
// cores), then the score of each, written to mutation-scores.json at the root, which
// the README's check and the docs' page read, so the published figures are the
// measured ones.
//
//   npm run mutation                     all three, incremental (see each stryker.config.mjs)
//   npm run mutation -- schema client    only those (short names: schema, client, server)
//   npm run mutation -- server --force   any other argument goes to `stryker run`
//                                        (--force: a full run; --mutate <glob>: a subset)
//
// Not part of `npm test`: a full run takes tens of minutes (the README says how many).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mutationScore, survivors } from "./mutationScore.mjs";
import { root, toolEnv } from "./toolchain.mjs";

/** The mutated packages: short name, folder, what the score covers. */
const targets = [
  { short: "schema", name: "@wsafe/schema", dir: "packages/schema", scope: "src/" },
  { short: "client", name: "@wsafe/client", dir: "packages/client", scope: "src/" },
  {
    short: "server",
    name: "@wsafe/server",
    dir: "apps/server",
    scope: "src/pipeline/, src/pagination/, src/trpc/",
  },
];

const args = process.argv.slice(2);
const chosen = targets.filter((target) => args.includes(target.short));
const strykerArgs = args.filter((arg) => !targets.some((target) => target.short === arg));
const scoresFile = join(root, "mutation-scores.json");
/** This run's figures, merged into the file as it ends (read then, so that runs side by side keep each other's). */
const measured = {};

/**
 * Drops what only this machine knows from Stryker's incremental file (the checkout's
 * absolute path, the resolved options), which is committed; Stryker reads only the
 * files, tests and results back from it.
 */
function normaliseIncrementalFile(file) {
  if (!existsSync(file)) return;
  const { projectRoot: _root, config: _config, ...kept } = JSON.parse(readFileSync(file, "utf8"));
  writeFileSync(file, `${JSON.stringify(kept)}\n`);
}

let failed = false;
for (const target of chosen.length > 0 ? chosen : targets) {
  const cwd = join(root, target.dir);
  console.log(`\nmutation: ${target.name} (${target.scope})`);
  const startedAt = Date.now();
  const run = spawnSync("stryker", ["run", ...strykerArgs], { cwd, env: toolEnv(), stdio: "inherit" });
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  const reportFile = join(cwd, "reports", "mutation", "mutation.json");
  if (run.status !== 0 || !existsSync(reportFile)) {
    console.error(`mutation: ${target.name}: stryker failed (exit ${run.status ?? run.signal})`);
    failed = true;
    continue;
  }
  normaliseIncrementalFile(join(cwd, "stryker-incremental.json"));
  // A run limited with --mutate reports only part of the package: print it, publish nothing.
  const partial = strykerArgs.some(
    (arg) => arg === "--mutate" || arg === "-m" || arg.startsWith("--mutate="),
  );
  const report = JSON.parse(readFileSync(reportFile, "utf8"));
  const figures = mutationScore(report);
  console.log(
    `mutation: ${target.name}: ${figures.score} % (${figures.killed + figures.timeout} detected, ${figures.survived} survived, ${figures.noCoverage} not covered, ${figures.ignored} ignored) in ${seconds} s`,
  );
  if (partial) continue;
  measured[target.name] = {
    scope: `${target.dir}/${target.scope.split(", ").join(`, ${target.dir}/`)}`,
    ...figures,
    measuredOn: new Date().toISOString().slice(0, 10),
    seconds,
    survivors: survivors(report, `${target.dir}/`),
  };
}

const scores = existsSync(scoresFile) ? JSON.parse(readFileSync(scoresFile, "utf8")) : { packages: {} };
Object.assign(scores.packages, measured);
scores.packages = Object.fromEntries(
  targets
    .filter((target) => scores.packages[target.name])
    .map((target) => [target.name, scores.packages[target.name]]),
);
writeFileSync(scoresFile, `${JSON.stringify(scores, null, 2)}\n`);
console.log("\nmutation: score per package (mutation-scores.json)");
for (const [name, figures] of Object.entries(scores.packages))
  console.log(`  ${name.padEnd(16)} ${String(figures.score).padStart(5)} %  (${figures.mutants} mutants)`);
process.exit(failed ? 1 : 0);
