import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Command, Option } from "commander";
import { describe, expect, it } from "vitest";
import { serveCommand } from "../cli/serveCommand.js";
import { type CliContract, toCliContract } from "./toCliContract.js";

const packageDir = join(import.meta.dirname, "..", "..");
const generated = join(packageDir, "generated", "cli.json");

/** Every `.ts` source file under `dir`, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith(".ts") && !entry.name.includes(".test")
        ? [join(dir, entry.name)]
        : [],
  );
}

describe(toCliContract, () => {
  // The docs and the READMEs print `defaultText`: it must be what the flag reads back as
  // its default. The docs once printed `0s,5s,5min,...`, which the flag refuses.
  it("writes every default of every command as text its own flag reads back to the default", () => {
    const program = new Command("wsafe").addCommand(serveCommand());
    const options = program.commands.flatMap((command) => command.options);
    const defaults = options.filter((option) => option.defaultValue !== undefined);
    expect(defaults.length).toBeGreaterThan(10);
    for (const option of defaults) {
      const text = toCliContract(program).commands["wsafe serve"]!.options[option.long!]!.defaultText!;
      const read = option.parseArg ? option.parseArg(text, undefined) : text;
      expect(read, `${option.long} ${text}`).toEqual(option.defaultValue);
    }
  });

  it("records every command by its path, with arguments, options, variables, defaults and choices", () => {
    const program = new Command("tool").option("-V, --version", "print the version");
    program
      .command("run")
      .argument("<FILE>", "what to run")
      .argument("[MORE...]", "more files")
      .requiredOption("--account <ID>", "whose")
      .addOption(new Option("--port <N>", "port").env("TOOL_PORT").default(80).argParser(Number))
      .addOption(new Option("--mode [M]", "mode").choices(["a", "b"]))
      .option("--loud", "say more (env TOOL_LOUD=1)")
      .option("--no-color", "no colours");
    program.command("admin").command("reset").option("--tag <T...>", "tags");
    expect(toCliContract(program)).toEqual({
      program: "tool",
      commands: {
        tool: { arguments: [], options: { "--version": { short: "-V", value: "none" } } },
        "tool run": {
          arguments: [
            { name: "FILE", required: true, variadic: false },
            { name: "MORE", required: false, variadic: true },
          ],
          options: {
            "--account": { value: "required", valueName: "ID", mandatory: true },
            "--port": { value: "required", valueName: "N", env: "TOOL_PORT", default: 80, defaultText: "80" },
            "--mode": { value: "optional", valueName: "M", choices: ["a", "b"] },
            "--loud": { value: "none", env: "TOOL_LOUD" },
            "--no-color": { value: "none" },
          },
        },
        "tool admin": { arguments: [], options: {} },
        "tool admin reset": {
          arguments: [],
          options: { "--tag": { value: "required", valueName: "T", variadic: true } },
        },
      },
    } satisfies CliContract);
  });

  it("reads `wsafe serve` with each flag's WSAFE_* variable", () => {
    const serve = toCliContract(new Command("wsafe").addCommand(serveCommand())).commands["wsafe serve"]!;
    expect(serve.options["--port"]).toEqual({
      value: "required",
      valueName: "N",
      env: "WSAFE_PORT",
      default: 8443,
      defaultText: "8443",
    });
    expect(serve.options["--http"]).toEqual({ value: "none", env: "WSAFE_HTTP" });
    expect(serve.options["--demo"]).toEqual({ value: "none", env: "WSAFE_DEMO" });
  });
});

// What the build wrote from the real command line (dist/cli.js, loaded with its parse intercepted).
describe.runIf(existsSync(generated))("generated/cli.json", () => {
  const contract = JSON.parse(readFileSync(generated, "utf8")) as CliContract;
  const variables = new Set(
    Object.values(contract.commands).flatMap((command) =>
      Object.values(command.options).flatMap((option) => (option.env ? [option.env] : [])),
    ),
  );

  it("holds every command of the README's command line", () => {
    expect(Object.keys(contract.commands)).toEqual(
      expect.arrayContaining([
        "wsafe",
        "wsafe serve",
        "wsafe import",
        "wsafe tokens create",
        "wsafe tokens revoke",
        "wsafe accounts deactivate",
      ]),
    );
    expect(contract.commands["wsafe import"]!.arguments).toEqual([
      { name: "FILE", required: true, variadic: false },
    ]);
    expect(contract.commands["wsafe tokens create"]!.options["--account"]).toEqual({
      value: "required",
      valueName: "ID",
      mandatory: true,
    });
  });

  // A variable the source reads itself must be in the snapshot, or removing it would pass the gate.
  it("names every WSAFE_* variable the command line reads", () => {
    const read = new Set<string>();
    for (const file of sources(join(packageDir, "src", "cli")).concat(join(packageDir, "src", "cli.ts")))
      for (const match of readFileSync(file, "utf8").matchAll(
        /(?:envFlag\(|process\.env\.|\.env\()\s*"?(WSAFE_[A-Z0-9_]+)/g,
      ))
        read.add(match[1]!);
    expect(read.size).toBeGreaterThan(10);
    expect([...read].filter((name) => !variables.has(name))).toEqual([]);
  });
});
