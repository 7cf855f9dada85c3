// What `node bench/run.mjs` accepts. An argument it does not know is refused before
// anything runs: `--help`, which it once did not know, started the whole bench (minutes
// of every core) instead of saying how to use it.

/** The workloads `--only` names, in the order the bench runs them. */
export const workloadNames = [
  "client",
  "validation",
  "pipeline",
  "biglist",
  "typicallist",
  "import",
  "importscale",
  "events",
  "streams",
  "fanout",
  "fairness",
  "deliveries",
  "inspections",
  "updates",
  "changes",
  "workers",
];

const flags = ["--quick", "--cpu-prof"];
const valued = [
  "--only=",
  "--fanout-events=",
  "--changes-equipment=",
  "--import-sizes=",
  "--pipeline-rounds=",
  "--pipeline-servers=",
  "--against=",
  "--against-turns=",
];

/**
 * Checks the bench's arguments.
 *
 * @param {string[]} args - what follows `run.mjs`
 * @returns {"help" | string | undefined} `"help"` for `--help` or `-h`; a sentence naming
 *   what is wrong; `undefined` when every argument is one the bench knows
 */
export function checkBenchArguments(args) {
  if (args.includes("--help") || args.includes("-h")) return "help";
  for (const arg of args) {
    if (flags.includes(arg)) continue;
    const option = valued.find((prefix) => arg.startsWith(prefix));
    if (option === undefined) return `unknown argument ${arg}`;
    if (arg.length === option.length) return `${option.slice(0, -1)} needs a value`;
    if (option === "--only=") {
      const unknown = arg
        .slice(option.length)
        .split(",")
        .filter((name) => !workloadNames.includes(name));
      if (unknown.length > 0)
        return `--only: no workload ${unknown.join(", ")} (there are ${workloadNames.join(", ")})`;
    }
  }
  return undefined;
}
