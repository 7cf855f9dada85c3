// The server's command line as the build of @wsafe/server wrote it (`generated/cli.json`,
// read from the commander program itself): commands, flags, variables and defaults, each
// default as `--help` writes it and the flag reads it back. The docs print these, never
// a copy typed by hand.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** One option of a command, as `generated/cli.json` records it. */
export interface CliOption {
  value: "none" | "required" | "optional";
  valueName?: string;
  env?: string;
  mandatory?: true;
  default?: unknown;
  defaultText?: string;
  choices?: string[];
}

/** One command: its arguments and its options by flag. */
export interface CliCommand {
  arguments: { name: string; required: boolean; variadic: boolean }[];
  options: Record<string, CliOption>;
}

/** The command line of `wsafe`: every command by its full path (`wsafe tokens create`). */
export interface CliReference {
  program: string;
  commands: Record<string, CliCommand>;
}

const require = createRequire(import.meta.url);

/**
 * Reads `generated/cli.json` of the built `@wsafe/server`.
 *
 * @throws Error saying to build the server first, when it is not built
 */
export function readCliReference(): CliReference {
  const file = join(dirname(require.resolve("@wsafe/server/package.json")), "generated", "cli.json");
  try {
    return JSON.parse(readFileSync(file, "utf8")) as CliReference;
  } catch (error) {
    throw new Error(
      `the Command line page reads ${file}: build @wsafe/server first (${(error as Error).message})`,
    );
  }
}

/** A flag as `--help` shows it: `--port <N>`, `--http`. */
export const flagUsage = (flag: string, option: CliOption): string =>
  option.valueName
    ? `${flag} ${option.value === "optional" ? `[${option.valueName}]` : option.valueName}`
    : flag;

/** A command as its synopsis starts: `wsafe import FILE`. */
export const commandUsage = (path: string, command: CliCommand): string =>
  [
    path,
    ...command.arguments.map((argument) => (argument.required ? argument.name : `[${argument.name}]`)),
  ].join(" ");
