import type { CliContract } from "../diffCli.js";
import type { RuleId } from "../rules.js";

// A small command line: a root with --version, a server command with flags of every
// kind, and a command with positional arguments. Each case changes a copy in one way.
export const cliFixture: CliContract = {
  program: "tool",
  commands: {
    tool: { arguments: [], options: { "--version": { short: "-V", value: "none" } } },
    "tool serve": {
      arguments: [],
      options: {
        "--port": { value: "required", env: "TOOL_PORT", default: 8443 },
        "--http": { value: "none", env: "TOOL_HTTP" },
        "--mode": { value: "required", choices: ["a", "b"] },
        "--account": { value: "required", mandatory: true },
      },
    },
    "tool import": {
      arguments: [
        { name: "FILE", required: true, variadic: false },
        { name: "MORE", required: false, variadic: false },
      ],
      options: {},
    },
  },
};

type Commands = CliContract["commands"];
const serve = (c: Commands) => c["tool serve"]!.options;
const args = (c: Commands) => c["tool import"]!.arguments;

/** One command-line rule's case: the change to the fixture's commands. */
export type CliRuleCase = [RuleId, (commands: Commands) => void];

/** The cases of the command line's rules (`cli.published` has its own test: no released snapshot). */
export const cliRuleCases: CliRuleCase[] = [
  ["cli.command-removed", (c) => delete c["tool import"]],
  ["cli.command-added", (c) => (c["tool export"] = { arguments: [], options: {} })],
  ["cli.argument-removed", (c) => args(c).pop()],
  ["cli.required-argument-added", (c) => args(c).push({ name: "TO", required: true, variadic: false })],
  ["cli.optional-argument-added", (c) => args(c).push({ name: "TO", required: false, variadic: false })],
  ["cli.argument-now-required", (c) => (args(c)[1]!.required = true)],
  ["cli.argument-now-optional", (c) => (args(c)[0]!.required = false)],
  ["cli.argument-now-variadic", (c) => (args(c)[1]!.variadic = true)],
  ["cli.option-removed", (c) => delete serve(c)["--mode"]],
  ["cli.option-added", (c) => (serve(c)["--verbose"] = { value: "none" })],
  ["cli.required-option-added", (c) => (serve(c)["--key"] = { value: "required", mandatory: true })],
  ["cli.option-now-required", (c) => (serve(c)["--port"]!.mandatory = true)],
  ["cli.option-now-optional", (c) => delete serve(c)["--account"]!.mandatory],
  ["cli.option-value-changed", (c) => (serve(c)["--http"]!.value = "optional")],
  ["cli.env-removed", (c) => delete serve(c)["--port"]!.env],
  ["cli.env-added", (c) => (serve(c)["--mode"]!.env = "TOOL_MODE")],
  ["cli.default-changed", (c) => (serve(c)["--port"]!.default = 9443)],
  ["cli.choice-removed", (c) => (serve(c)["--mode"]!.choices = ["a"])],
  ["cli.choice-added", (c) => serve(c)["--mode"]!.choices!.push("c")],
];
