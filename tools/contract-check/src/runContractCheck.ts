import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { type Acknowledgement, parseAcknowledgements } from "./acknowledgeDifferences.js";
import { checkContract } from "./checkContract.js";
import type { Contract } from "./diffContracts.js";
import { findWorkspaceRoot } from "./findWorkspaceRoot.js";
import { formatReport } from "./formatReport.js";

/** Where the command writes. */
export interface CommandIo {
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Paths of the command, relative to the workspace root. */
export const defaultPaths = {
  base: "packages/schema/contract/v1.json",
  next: "packages/schema/generated/contract.json",
  changesets: ".changeset",
  acknowledgements: "packages/schema/contract/acknowledgements.json",
} as const;

/** The `--help` text of `contract-check`. */
export const usage = `Usage: contract-check [--base FILE] [--next FILE] [--changesets DIR] [--acknowledgements FILE] [--json]
       contract-check --accept [--force]

Compares the released /v1 contract with the next one, direction-aware: requests may
only widen, responses may only narrow or add. Breaking changes fail; additive ones
pass when a changeset bumps @wsafe/schema by at least minor.

Options:
  --base FILE        released snapshot (default ${defaultPaths.base})
  --next FILE        snapshot to release (default ${defaultPaths.next}, written by the schema build)
  --changesets DIR   where changesets live (default ${defaultPaths.changesets})
  --acknowledgements FILE
                     reviewed acceptances of single breaking differences, each
                     matched exactly by rule, path and message (default
                     ${defaultPaths.acknowledgements}; a missing file is none)
  --json             print the result as JSON
  --accept           on release: copy --next over --base (refused when breaking and not
                     acknowledged) and empty the acknowledgements file
  --force            with --accept: accept breaking changes too (a new major line only)

Exit codes: 0 passed (or accepted), 1 failed, 2 bad usage or unreadable snapshot.`;

function readAcknowledgements(file: string): Acknowledgement[] {
  if (!existsSync(file)) return [];
  return parseAcknowledgements(JSON.parse(readFileSync(file, "utf8")));
}

function readContract(file: string): Contract {
  const value = JSON.parse(readFileSync(file, "utf8")) as Contract;
  if (
    !value ||
    typeof value !== "object" ||
    !value.methods ||
    !value.records ||
    !Array.isArray(value.errors)
  ) {
    throw new Error("not a contract snapshot (needs version, errors, methods, records)");
  }
  return value;
}

/**
 * The `contract-check` command, as a function: parses `args`, runs the gate or
 * accepts the snapshot, writes its report and returns the exit code.
 *
 * @example
 * const code = runContractCheck(["--base", "old.json", "--next", "new.json"], { cwd, stdout, stderr });
 */
export function runContractCheck(args: string[], io: CommandIo): number {
  let values: ReturnType<typeof parse>["values"];
  function parse() {
    return parseArgs({
      args,
      options: {
        base: { type: "string" },
        next: { type: "string" },
        changesets: { type: "string" },
        acknowledgements: { type: "string" },
        json: { type: "boolean" },
        accept: { type: "boolean" },
        force: { type: "boolean" },
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
  const basePath = resolve(io.cwd, values.base ?? resolve(root, defaultPaths.base));
  const nextPath = resolve(io.cwd, values.next ?? resolve(root, defaultPaths.next));
  const changesetDir = resolve(io.cwd, values.changesets ?? resolve(root, defaultPaths.changesets));
  const acknowledgementsPath = resolve(
    io.cwd,
    values.acknowledgements ?? resolve(root, defaultPaths.acknowledgements),
  );
  const label = (file: string) => relative(io.cwd, file) || file;
  let next: Contract;
  try {
    next = readContract(nextPath);
  } catch (error) {
    io.stderr(
      `contract-check: cannot read --next ${label(nextPath)}: ${(error as Error).message} (build @wsafe/schema first)\n`,
    );
    return 2;
  }
  let base: Contract;
  try {
    base = readContract(basePath);
  } catch (error) {
    io.stderr(`contract-check: cannot read --base ${label(basePath)}: ${(error as Error).message}\n`);
    return 2;
  }
  let acknowledgements: Acknowledgement[];
  try {
    acknowledgements = readAcknowledgements(acknowledgementsPath);
  } catch (error) {
    io.stderr(
      `contract-check: cannot read --acknowledgements ${label(acknowledgementsPath)}: ${(error as Error).message}\n`,
    );
    return 2;
  }
  const result = checkContract(base, next, { changesetDir, acknowledgements });
  if (values.accept) {
    if (result.breaking.length && !values.force) {
      io.stdout(formatReport(result, { base: label(basePath), next: label(nextPath) }));
      io.stderr(
        "contract-check: refusing to accept breaking changes into the /v1 snapshot (--force is for a new major line)\n",
      );
      return 1;
    }
    writeFileSync(basePath, `${JSON.stringify(next, null, 2)}\n`);
    // The released snapshot now holds what they accepted; kept, they would match nothing.
    if (acknowledgements.length) writeFileSync(acknowledgementsPath, "[]\n");
    const accepted = result.additive.length + result.acknowledged.length + result.breaking.length;
    io.stdout(
      `contract-check: accepted ${accepted} change(s); ${label(basePath)} now equals ${label(nextPath)}\n`,
    );
    return 0;
  }
  if (values.json) io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  else io.stdout(formatReport(result, { base: label(basePath), next: label(nextPath) }));
  return result.ok ? 0 : 1;
}
