import { execFileSync } from "node:child_process";
import os from "node:os";
import { join } from "node:path";
import { buildServerAt, releaseCommit, sameDependencies } from "@wsafe/test-support";
import { compareFigure } from "../lib/againstFigures.mjs";
import { writeAgainstOutputs } from "../lib/againstOutputs.mjs";
import { loud, progress } from "../lib/log.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { figureRunners } from "./againstFigureRunners.mjs";

/** The figures of issue 48's "done when", by the `--only` name of the workload that measures each. */
export const againstFigureNames = ["pipeline", "inspections", "streams", "fairness", "fanout"];

/**
 * The commit a ref names: a release number (`1.3.0`) is its release commit, found by its
 * message as the upgrade tests find it; anything else is what git makes of it.
 *
 * @param {string} root - the repository
 * @param {string} ref - `1.3.0`, a tag, a branch, a hash
 */
export function resolveRef(root, ref) {
  if (/^\d+\.\d+\.\d+$/.test(ref)) {
    const commit = releaseCommit(root, ref);
    if (!commit) throw new Error(`the history holds no commit of release ${ref}: fetch the full history`);
    return commit;
  }
  return execFileSync("git", ["rev-parse", "--verify", `${ref}^{commit}`], {
    cwd: root,
    encoding: "utf8",
  }).trim();
}

/** @typedef {import("./againstFigureRunners.mjs").Side} Side */

/**
 * Runs `work` with every server the bench starts or imports being `side`'s build: the
 * workloads find it through `WSAFE_BENCH_SERVER_DIR` (`serverLocation()`), each time they
 * ask, and so do their children.
 *
 * @template T
 * @param {Side} side
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
async function asSide(side, work) {
  const before = process.env.WSAFE_BENCH_SERVER_DIR;
  process.env.WSAFE_BENCH_SERVER_DIR = side.dir;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.WSAFE_BENCH_SERVER_DIR;
    else process.env.WSAFE_BENCH_SERVER_DIR = before;
  }
}

/**
 * Issue 48's "done when": the bench's five figures of the workspace build beside another
 * build of the server made from git (`ref`: a release number such as `1.3.0`, or any ref),
 * in one run on one machine. Per figure, the two sides take turns (`turns` times, the
 * first side alternating), each turn the workload the bench runs for that figure, pinned
 * as it pins it, its peers checked as it checks them; then each figure's median per
 * side, the ratio, and whether the ratio is within the wider of the two sides' own
 * spreads (see `compareFigure`).
 *
 * @param {{ root: string, ref: string, turns: number, sizes: any, postgresUrl?: string, only?: string[] }} options
 */
export async function runAgainstBuild({ root, ref, turns, sizes, postgresUrl, only }) {
  const commit = resolveRef(root, ref);
  if (!sameDependencies(root, commit))
    throw new Error(
      `${ref} (${commit.slice(0, 7)}) depends on other packages than the workspace: build it apart`,
    );
  progress(`against: building the server of ${ref} (${commit.slice(0, 7)}) from git`);
  const built = buildServerAt(root, commit);
  try {
    /** @type {Side[]} */
    const sides = [
      { key: "workspace", label: "workspace build", dir: serverDirOfRun() },
      { key: "against", label: `${ref} (${commit.slice(0, 7)})`, dir: built.dir },
    ];
    const runners = figureRunners(sizes, postgresUrl, root);
    /** @type {Map<string, any>} */
    const collected = new Map();
    for (const name of againstFigureNames.filter((n) => !only || only.includes(n))) {
      for (let turn = 0; turn < turns; turn++) {
        const order = turn % 2 === 0 ? sides : [...sides].reverse();
        for (const side of order) {
          progress(`against: ${name}, turn ${turn + 1}/${turns}, ${side.label}`);
          try {
            const figures = await asSide(side, () =>
              runners[/** @type {keyof typeof runners} */ (name)](side),
            );
            for (const figure of figures) collect(collected, figure, side.key);
          } catch (error) {
            loud(
              `against: ${name} on ${side.label} FAILED: ${/** @type {Error} */ (error).message.split("\n")[0]}`,
            );
            throw error;
          }
        }
      }
    }
    const figures = [...collected.values()].map(compareFigure);
    return { ref, commit, turns, sides: sides.map(({ key, label }) => ({ key, label })), figures };
  } finally {
    built.remove();
  }
}

/**
 * Adds one side's samples of a figure to what the turns collected.
 *
 * @param {Map<string, any>} collected
 * @param {{ name: string, unit: string, better: "lower" | "higher", samples: number[], note?: string }} figure
 * @param {"workspace" | "against"} key
 */
function collect(collected, figure, key) {
  const entry = collected.get(figure.name) ?? {
    name: figure.name,
    unit: figure.unit,
    better: figure.better,
    workspace: { samples: [] },
    against: { samples: [] },
  };
  entry[key].samples.push(...figure.samples);
  if (figure.note) entry[key].note = figure.note;
  collected.set(figure.name, entry);
}

/** The workspace build the run measures: its snapshot (run.mjs), else the workspace's server. */
function serverDirOfRun() {
  return process.env.WSAFE_BENCH_SERVER_DIR || join(serverLocation().bin, "..", "..");
}

/**
 * `node bench/run.mjs --against=REF`: {@link runAgainstBuild} with the run's sizes, then
 * the table, `against.json`, `against.md` and `against.svg` in `bench/results/against/`
 * (`results/quick/against/` with `--quick`). A failure is said loudly and exits 1.
 *
 * @param {{ args: string[], against: string, root: string, benchDir: string, quick: boolean, sizes: any, postgresUrl?: string, only?: string[], machine: any, loadBefore: string, notes: string[] }} run
 */
export async function runAgainstMode({
  args,
  against,
  root,
  benchDir,
  quick,
  sizes,
  postgresUrl,
  only,
  machine,
  loadBefore,
  notes,
}) {
  const turnsArgument = args
    .find((arg) => arg.startsWith("--against-turns="))
    ?.slice("--against-turns=".length);
  const turns = turnsArgument === undefined ? (quick ? 1 : 2) : Number(turnsArgument);
  try {
    if (!Number.isInteger(turns) || turns < 1)
      throw new Error(`--against-turns: ${turnsArgument} is not a whole number of 1 or more`);
    const result = await runAgainstBuild({ root, ref: against, turns, sizes, postgresUrl, only });
    machine.loadBefore = loadBefore;
    machine.loadAfter = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ");
    const outDir = join(benchDir, "results", ...(quick ? ["quick"] : []), "against");
    writeAgainstOutputs(result, { machine, quick, sizes, notes }, outDir);
  } catch (error) {
    loud(`against ${against} FAILED: ${/** @type {Error} */ (error).message.split("\n")[0]}`);
    console.error(error);
    process.exitCode = 1;
  }
}
