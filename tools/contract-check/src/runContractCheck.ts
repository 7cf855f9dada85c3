import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { type Acknowledgement, parseAcknowledgements } from "./acknowledgeDifferences.js";
import { checkContract } from "./checkContract.js";
import type { CliContract } from "./diffCli.js";
import type { Contract } from "./diffContracts.js";
import { findWorkspaceRoot } from "./findWorkspaceRoot.js";
import { formatReport } from "./formatReport.js";
import { releasedContractFile } from "./releasedContractFile.js";

/** Where the command writes. */
export interface CommandIo {
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Paths of the command, relative to the workspace root. */
export const defaultPaths = {
  /** The released snapshots, one per line: the newest `vN.json` is compared. */
  contracts: "packages/schema/contract",
  next: "packages/schema/generated/contract.json",
  cliBase: "apps/server/contract/cli.json",
  cliNext: "apps/server/generated/cli.json",
  /** The package whose version, with the pending changesets, is the version to release. */
  packageJson: "packages/schema/package.json",
  changesets: ".changeset",
  acknowledgements: "packages/schema/contract/acknowledgements.json",
} as const;

/** The `--help` text of `contract-check`. */
export const usage = `Usage: contract-check [--base FILE] [--next FILE] [--cli-base FILE] [--cli-next FILE]
                      [--package-json FILE] [--changesets DIR] [--acknowledgements FILE] [--json]
       contract-check --accept

Compares the released contract (methods, walks, metrics) and command line with the
next ones, direction-aware: requests may only widen, responses may only narrow or add,
flags, variables and metrics may only be added. Breaking changes fail unless the
release moves the contract to its next line as its major (/v2 with 2.0.0); additive
ones pass when a changeset bumps their package (@wsafe/schema, or @wsafe/server for the
command line) by at least minor.

Options:
  --base FILE        released snapshot (default: the newest vN.json in ${defaultPaths.contracts})
  --next FILE        snapshot to release (default ${defaultPaths.next}, written by the schema build)
  --cli-base FILE    released command line (default ${defaultPaths.cliBase}; missing: never released)
  --cli-next FILE    command line to release (default ${defaultPaths.cliNext}, written by the server build)
  --package-json FILE
                     whose version the pending changesets bump (default ${defaultPaths.packageJson})
  --changesets DIR   where changesets live (default ${defaultPaths.changesets})
  --acknowledgements FILE
                     reviewed acceptances of single breaking differences, each
                     matched exactly by rule, path and message (default
                     ${defaultPaths.acknowledgements}; a missing file is none)
  --json             print the result as JSON
  --accept           on release, after \`changeset version\`: the next snapshots become the
                     released ones (a new line's as its own vN.json), refused when breaking
                     and not a move to the next line; empties the acknowledgements file

Exit codes: 0 passed (or accepted), 1 failed, 2 bad usage or unreadable snapshot.`;

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));

function readContract(file: string): Contract {
  const value = readJson(file) as Contract;
  if (!value || typeof value !== "object" || !value.methods || !value.records || !Array.isArray(value.errors))
    throw new Error("not a contract snapshot (needs version, errors, methods, records)");
  return value;
}

function readCli(file: string): CliContract {
  const value = readJson(file) as CliContract;
  if (!value || typeof value !== "object" || !value.commands || typeof value.program !== "string")
    throw new Error("not a command-line snapshot (needs program, commands)");
  return value;
}

/**
 * The `contract-check` command, as a function: parses `args`, runs the gate or
 * accepts the snapshots, writes its report and returns the exit code.
 *
 * @example
 * const code = runContractCheck(["--base", "old.json", "--next", "new.json"], { cwd, stdout, stderr });
 */
export function runContractCheck(args: string[], io: CommandIo): number {
  let values: ReturnType<typeof parse>["values"];
  function parse() {
    const file = { type: "string" } as const;
    return parseArgs({
      args,
      options: {
        base: file,
        next: file,
        "cli-base": file,
        "cli-next": file,
        "package-json": file,
        changesets: file,
        acknowledgements: file,
        json: { type: "boolean" },
        accept: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    });
  }
  try {
    values = parse().values;
  } catch (error) {
    io.stderr(`contract-check: ${(error as Error).message}\n\n${usage}\n`);
    return 2;
  }
  if (values.help) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  const root = findWorkspaceRoot(io.cwd);
  const path = (given: string | undefined, fallback: string) =>
    resolve(io.cwd, given ?? resolve(root, fallback));
  const basePath = values.base
    ? resolve(io.cwd, values.base)
    : releasedContractFile(join(root, defaultPaths.contracts));
  const nextPath = path(values.next, defaultPaths.next);
  const cliBasePath = path(values["cli-base"], defaultPaths.cliBase);
  const cliNextPath = path(values["cli-next"], defaultPaths.cliNext);
  const packagePath = path(values["package-json"], defaultPaths.packageJson);
  const changesetDir = path(values.changesets, defaultPaths.changesets);
  const acknowledgementsPath = path(values.acknowledgements, defaultPaths.acknowledgements);
  const label = (file: string) => relative(io.cwd, file) || file;
  /** Reads a file with `parse`, or throws what to print: which option, which file, why. */
  const read = <T>(what: string, file: string, parse: (file: string) => T, hint = ""): T => {
    try {
      return parse(file);
    } catch (error) {
      throw new Error(`cannot read ${what} ${label(file)}: ${(error as Error).message}${hint}`);
    }
  };

  // The command line is compared wherever there is one: named, or a server package at the root.
  const withCli =
    values["cli-next"] !== undefined ||
    existsSync(cliNextPath) ||
    existsSync(join(root, "apps", "server", "package.json"));
  let snapshots: {
    next: Contract;
    base: Contract;
    cliNext?: CliContract;
    cliBase?: CliContract;
    acknowledgements: Acknowledgement[];
    currentVersion?: string;
  };
  try {
    snapshots = {
      next: read("--next", nextPath, readContract, " (build @wsafe/schema first)"),
      base: read("--base", basePath, readContract),
      ...(withCli && { cliNext: read("--cli-next", cliNextPath, readCli, " (build @wsafe/server first)") }),
      ...(withCli && existsSync(cliBasePath) && { cliBase: read("--cli-base", cliBasePath, readCli) }),
      acknowledgements: existsSync(acknowledgementsPath)
        ? read("--acknowledgements", acknowledgementsPath, (file) => parseAcknowledgements(readJson(file)))
        : [],
      ...(existsSync(packagePath) && {
        currentVersion: read("--package-json", packagePath, (file) => String(readJson(file).version)),
      }),
    };
  } catch (error) {
    io.stderr(`contract-check: ${(error as Error).message}\n`);
    return 2;
  }
  const { next, base, cliNext, cliBase, acknowledgements, currentVersion } = snapshots;
  const result = checkContract(base, next, {
    changesetDir,
    acknowledgements,
    ...(currentVersion !== undefined && { currentVersion }),
    ...(cliNext && { cli: { next: cliNext, ...(cliBase && { base: cliBase }) } }),
  });
  const labels = { base: label(basePath), next: label(nextPath) };
  if (values.accept) {
    if ((result.breaking.length && !result.breakingAllowed) || result.lineFailures.length) {
      io.stdout(formatReport(result, labels));
      io.stderr(
        "contract-check: refusing to accept breaking changes, or a version that does not name its contract line\n",
      );
      return 1;
    }
    // A new line is released beside the old one, which stays as its record.
    const acceptedPath = result.newLine ? join(dirname(basePath), `${next.version}.json`) : basePath;
    writeFileSync(acceptedPath, `${JSON.stringify(next, null, 2)}\n`);
    if (cliNext) {
      mkdirSync(dirname(cliBasePath), { recursive: true });
      writeFileSync(cliBasePath, `${JSON.stringify(cliNext, null, 2)}\n`);
    }
    // The released snapshot now holds what they accepted; kept, they would match nothing.
    if (acknowledgements.length) writeFileSync(acknowledgementsPath, "[]\n");
    const accepted = result.additive.length + result.acknowledged.length + result.breaking.length;
    io.stdout(
      `contract-check: accepted ${accepted} change(s); ${label(acceptedPath)} now equals ${label(nextPath)}${cliNext ? `, ${label(cliBasePath)} equals ${label(cliNextPath)}` : ""}\n`,
    );
    return 0;
  }
  if (values.json) io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  else io.stdout(formatReport(result, labels));
  return result.ok ? 0 : 1;
}
