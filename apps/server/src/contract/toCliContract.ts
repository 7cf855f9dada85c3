import type { Argument, Command, Option } from "commander";

/** One option of a command, as the CLI snapshot records it. */
export interface CliContractOption {
  /** The one-letter form (`-V`), when it has one. */
  short?: string;
  /** Whether it takes a value: `none` (a flag), `required` (`<N>`) or `optional` (`[N]`). */
  value: "none" | "required" | "optional";
  /** The name `--help` gives its value (`N` of `--port <N>`), when it takes one. */
  valueName?: string;
  /** It takes several values (`<F...>`). */
  variadic?: true;
  /** It must be given (commander's `requiredOption`). */
  mandatory?: true;
  /** The environment variable that sets it. */
  env?: string;
  /** The value it has when not given, as JSON. */
  default?: unknown;
  /** That default as `--help` writes it and the flag reads it back (`90d` for 7776000000 ms). */
  defaultText?: string;
  /** The only values it takes. */
  choices?: string[];
}

/** One positional argument of a command. */
export interface CliContractArgument {
  name: string;
  required: boolean;
  variadic: boolean;
  choices?: string[];
}

/** One command: its arguments in order, and its options by flag (`--port`). */
export interface CliContractCommand {
  arguments: CliContractArgument[];
  options: Record<string, CliContractOption>;
}

/**
 * The command line as a diffable snapshot: every command by its full path
 * (`wsafe tokens create`), each with its arguments, options and their environment
 * variables. The breaking-change gate compares it with the released one.
 */
export interface CliContract {
  program: string;
  commands: Record<string, CliContractCommand>;
}

// Boolean flags read their variable themselves (commander would turn `WSAFE_HTTP=0` on),
// and say so in their description: "(env WSAFE_HTTP=1)".
const envInDescription = /\benv ([A-Z][A-Z0-9_]*)\b/;

/** A default as JSON: what a number, string, boolean or list of them is; anything else as its text. */
function jsonDefault(value: unknown): unknown {
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) return value;
  if (Array.isArray(value)) return value.map(jsonDefault);
  return String(value);
}

const valueName = (option: Option) => /[<[]([^>\]]+?)(\.\.\.)?[>\]]/.exec(option.flags)?.[1];

function optionOf(option: Option): CliContractOption {
  const env = option.envVar ?? envInDescription.exec(option.description)?.[1];
  return {
    ...(option.short && option.long && { short: option.short }),
    value: option.required ? "required" : option.optional ? "optional" : "none",
    ...(valueName(option) && { valueName: valueName(option) }),
    ...(option.variadic && { variadic: true as const }),
    ...(option.mandatory && { mandatory: true as const }),
    ...(env && { env }),
    ...(option.defaultValue !== undefined && {
      default: jsonDefault(option.defaultValue),
      defaultText: option.defaultValueDescription ?? String(option.defaultValue),
    }),
    ...(option.argChoices && { choices: [...option.argChoices] }),
  };
}

function argumentOf(argument: Argument): CliContractArgument {
  return {
    name: argument.name(),
    required: argument.required,
    variadic: argument.variadic,
    ...(argument.argChoices && { choices: [...argument.argChoices] }),
  };
}

/**
 * Reads a built commander program into a {@link CliContract}: no list of flags is
 * kept by hand, so a flag added to the command line is in the next snapshot.
 *
 * @param program - the root command, as the CLI builds it
 * @example
 * toCliContract(new Command("wsafe").addCommand(serveCommand())).commands["wsafe serve"].options["--port"];
 * // { value: "required", env: "WSAFE_PORT", default: 8443 }
 */
export function toCliContract(program: Command): CliContract {
  const commands: Record<string, CliContractCommand> = {};
  const visit = (command: Command, path: string) => {
    commands[path] = {
      arguments: command.registeredArguments.map(argumentOf),
      options: Object.fromEntries(
        command.options.map((option) => [option.long ?? option.short ?? option.flags, optionOf(option)]),
      ),
    };
    for (const sub of command.commands) visit(sub, `${path} ${sub.name()}`);
  };
  visit(program, program.name());
  return { program: program.name(), commands };
}
