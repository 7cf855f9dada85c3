import { type Difference, difference } from "./difference.js";
import { jsonPath } from "./jsonPath.js";

/** One option of a command, as the CLI snapshot records it (`@wsafe/server`'s `toCliContract`). */
export interface CliOption {
  short?: string;
  value: "none" | "required" | "optional";
  variadic?: boolean;
  mandatory?: boolean;
  env?: string;
  default?: unknown;
  choices?: string[];
}

/** One positional argument of a command. */
export interface CliArgument {
  name: string;
  required: boolean;
  variadic: boolean;
  choices?: string[];
}

/**
 * The command line as a snapshot (`apps/server/generated/cli.json`, written by the
 * server's build): every command by its full path, each with its arguments and options.
 */
export interface CliContract {
  program: string;
  commands: Record<string, { arguments: CliArgument[]; options: Record<string, CliOption> }>;
}

function diffChoices(path: string, before?: string[], after?: string[]): Difference[] {
  // No list means any value.
  if (!before && !after) return [];
  if (!after) return [difference("cli.choice-added", path, "any value is now accepted")];
  if (!before) return [difference("cli.choice-removed", path, `only ${after.join(", ")} are now accepted`)];
  return [
    ...before
      .filter((value) => !after.includes(value))
      .map((value) => difference("cli.choice-removed", path, `value ${value} was removed`)),
    ...after
      .filter((value) => !before.includes(value))
      .map((value) => difference("cli.choice-added", path, `value ${value} was added`)),
  ];
}

function diffArguments(path: string, before: CliArgument[], after: CliArgument[]): Difference[] {
  const out: Difference[] = [];
  // Positional: what counts is the place, not the name in the help.
  before.forEach((argument, index) => {
    const at = jsonPath(jsonPath(path, "arguments"), index);
    const now = after[index];
    if (!now) {
      out.push(difference("cli.argument-removed", at, `argument ${argument.name} was removed`));
      return;
    }
    if (!argument.required && now.required)
      out.push(difference("cli.argument-now-required", at, `argument ${now.name} is now required`));
    if (argument.required && !now.required)
      out.push(difference("cli.argument-now-optional", at, `argument ${now.name} is now optional`));
    if (argument.variadic && !now.variadic)
      out.push(difference("cli.argument-removed", at, `argument ${now.name} no longer takes several values`));
    if (!argument.variadic && now.variadic)
      out.push(difference("cli.argument-now-variadic", at, `argument ${now.name} now takes several values`));
    out.push(...diffChoices(jsonPath(at, "choices"), argument.choices, now.choices));
  });
  after.slice(before.length).forEach((argument, offset) => {
    const at = jsonPath(jsonPath(path, "arguments"), before.length + offset);
    out.push(
      argument.required
        ? difference("cli.required-argument-added", at, `required argument ${argument.name} was added`)
        : difference("cli.optional-argument-added", at, `optional argument ${argument.name} was added`),
    );
  });
  return out;
}

const valueShape = (option: CliOption) => `${option.value}${option.variadic ? ", several" : ""}`;

function diffOption(path: string, flag: string, before: CliOption, after: CliOption): Difference[] {
  const out: Difference[] = [];
  if (before.short && before.short !== after.short)
    out.push(difference("cli.option-removed", path, `short flag ${before.short} of ${flag} was removed`));
  if (after.short && before.short !== after.short)
    out.push(difference("cli.option-added", path, `short flag ${after.short} of ${flag} was added`));
  if (valueShape(before) !== valueShape(after)) {
    out.push(
      difference(
        "cli.option-value-changed",
        jsonPath(path, "value"),
        `${flag} took a value ${valueShape(before)}, now ${valueShape(after)}`,
      ),
    );
  }
  if (!before.mandatory && after.mandatory)
    out.push(difference("cli.option-now-required", path, `${flag} is now required`));
  if (before.mandatory && !after.mandatory)
    out.push(difference("cli.option-now-optional", path, `${flag} is now optional`));
  if (before.env && before.env !== after.env)
    out.push(
      difference("cli.env-removed", jsonPath(path, "env"), `${flag} is no longer set by ${before.env}`),
    );
  if (after.env && before.env !== after.env)
    out.push(difference("cli.env-added", jsonPath(path, "env"), `${flag} is now set by ${after.env}`));
  if (JSON.stringify(before.default) !== JSON.stringify(after.default)) {
    out.push(
      difference(
        "cli.default-changed",
        jsonPath(path, "default"),
        `default of ${flag} was ${JSON.stringify(before.default) ?? "none"}, now ${JSON.stringify(after.default) ?? "none"}`,
      ),
    );
  }
  out.push(...diffChoices(jsonPath(path, "choices"), before.choices, after.choices));
  return out;
}

/**
 * The differences between two snapshots of the command line: commands, their
 * arguments, flags, environment variables, defaults and allowed values. Scripts,
 * service units and container environments are its callers, so removing or changing
 * what they may pass is breaking and adding is additive. Without a released snapshot
 * the command line is `cli.published`.
 *
 * @param base - the released snapshot (`apps/server/contract/cli.json`), if there is one
 * @param next - the next snapshot (`apps/server/generated/cli.json`)
 * @example
 * diffCli(released, next).filter((d) => d.severity === "breaking");
 */
export function diffCli(base: CliContract | undefined, next: CliContract): Difference[] {
  if (!base)
    return [difference("cli.published", "$.commands", `the command line of ${next.program} is recorded`)];
  const out: Difference[] = [];
  for (const [name, command] of Object.entries(base.commands)) {
    const path = jsonPath("$.commands", name);
    const now = next.commands[name];
    if (!now) {
      out.push(difference("cli.command-removed", path, `command ${name} was removed`));
      continue;
    }
    out.push(...diffArguments(path, command.arguments, now.arguments));
    for (const [flag, option] of Object.entries(command.options)) {
      const at = jsonPath(jsonPath(path, "options"), flag);
      const after = now.options[flag];
      if (!after) {
        out.push(difference("cli.option-removed", at, `${name} ${flag} was removed`));
        if (option.env)
          out.push(difference("cli.env-removed", at, `${option.env} no longer sets ${name} ${flag}`));
      } else out.push(...diffOption(at, flag, option, after));
    }
    for (const [flag, option] of Object.entries(now.options)) {
      if (Object.hasOwn(command.options, flag)) continue;
      const at = jsonPath(jsonPath(path, "options"), flag);
      out.push(
        option.mandatory
          ? difference("cli.required-option-added", at, `required option ${name} ${flag} was added`)
          : difference("cli.option-added", at, `${name} ${flag} was added`),
      );
    }
  }
  for (const name of Object.keys(next.commands)) {
    if (!Object.hasOwn(base.commands, name))
      out.push(difference("cli.command-added", jsonPath("$.commands", name), `command ${name} was added`));
  }
  return out;
}
