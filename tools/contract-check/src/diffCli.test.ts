import { describe, expect, it } from "vitest";
import { type CliContract, diffCli } from "./diffCli.js";
import { ruleIds, rules } from "./rules.js";
import { cliFixture, cliRuleCases } from "./testing/cliRuleCases.js";

/** Diffs the fixture against a copy changed by `change`. */
function diff(change: (commands: CliContract["commands"]) => void) {
  const next = structuredClone(cliFixture);
  change(next.commands);
  return diffCli(cliFixture, next);
}

describe(diffCli, () => {
  it("reports nothing for an identical command line", () => {
    expect(diffCli(cliFixture, structuredClone(cliFixture))).toEqual([]);
  });

  it.each(cliRuleCases)("fires %s, and only it", (rule, change) => {
    const differences = diff(change);
    expect(differences.map((d) => d.rule)).toEqual([rule]);
    expect(differences[0]!.severity).toBe(rules[rule].severity);
  });

  it("reports a command line with no released snapshot as published", () => {
    expect(diffCli(undefined, cliFixture)).toEqual([
      expect.objectContaining({ rule: "cli.published", severity: "additive" }),
    ]);
  });

  it("has a case for every command-line rule", () => {
    expect(new Set([...cliRuleCases.map(([rule]) => rule), "cli.published"])).toEqual(
      new Set(ruleIds.filter((rule) => rule.startsWith("cli."))),
    );
  });

  it("names the flag, where it is and what it was", () => {
    expect(diff((c) => delete c["tool serve"]!.options["--http"])).toEqual([
      {
        rule: "cli.option-removed",
        severity: "breaking",
        path: '$.commands["tool serve"].options["--http"]',
        message: "tool serve --http was removed",
      },
      {
        rule: "cli.env-removed",
        severity: "breaking",
        path: '$.commands["tool serve"].options["--http"]',
        message: "TOOL_HTTP no longer sets tool serve --http",
      },
    ]);
  });

  it("sees a renamed variable as one removed and one added", () => {
    const differences = diff((c) => (c["tool serve"]!.options["--port"]!.env = "TOOL_LISTEN_PORT"));
    expect(differences.map((d) => [d.rule, d.message])).toEqual([
      ["cli.env-removed", "--port is no longer set by TOOL_PORT"],
      ["cli.env-added", "--port is now set by TOOL_LISTEN_PORT"],
    ]);
  });

  it("sees a lost short flag and a restricted value list as breaking", () => {
    expect(diff((c) => delete c.tool!.options["--version"]!.short).map((d) => d.rule)).toEqual([
      "cli.option-removed",
    ]);
    expect(diff((c) => (c["tool serve"]!.options["--port"]!.choices = ["80"])).map((d) => d.rule)).toEqual([
      "cli.choice-removed",
    ]);
    expect(diff((c) => delete c["tool serve"]!.options["--mode"]!.choices).map((d) => d.rule)).toEqual([
      "cli.choice-added",
    ]);
  });
});
