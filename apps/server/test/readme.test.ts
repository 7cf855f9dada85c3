// The README is what an operator reads first: its tables of commands and flags are held
// to the built command line (generated/cli.json, read from the program itself), its
// metrics to the schema's list, and every method it names to the registry. It had
// drifted: five flags missing, the webhook metrics absent, a "groundwork" section for
// what ships.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eventTypes, methods, streams } from "@wsafe/schema";
import { serverMetrics } from "@wsafe/schema/metrics";
import { describe, expect, it } from "vitest";
import type { CliContract } from "../src/contract/toCliContract.js";

const packageDir = join(import.meta.dirname, "..");
const readme = readFileSync(join(packageDir, "README.md"), "utf8");
const generated = join(packageDir, "generated", "cli.json");

/** The rows of the Markdown table whose header row starts with `first`, as cells. */
function tableRows(first: string): string[][] {
  const lines = readme.split("\n");
  const start = lines.findIndex((line) => line.replace(/\s+/g, " ").startsWith(`| ${first} |`));
  if (start < 0) throw new Error(`no table starting with "${first}" in the README`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

describe.runIf(existsSync(generated))("the server's README, against the built command line", () => {
  const cli = JSON.parse(readFileSync(generated, "utf8")) as CliContract;

  it("has a row for every flag of `wsafe serve`, with its variable and default, and no other", () => {
    const rows = tableRows("`serve` flag");
    const documented = new Map<string, string[]>();
    for (const row of rows)
      for (const flag of row[0]!.matchAll(/`?(--[a-z-]+)/g)) documented.set(flag[1]!, row);
    const options = cli.commands["wsafe serve"]!.options;
    expect([...documented.keys()].sort()).toEqual(Object.keys(options).sort());
    for (const [flag, option] of Object.entries(options)) {
      const [, env, defaultCell] = documented.get(flag)!;
      if (option.env) expect(env, flag).toContain(option.env);
      if (option.defaultText !== undefined) expect(defaultCell, flag).toContain(`\`${option.defaultText}\``);
    }
  });

  it("lists every command that does something", () => {
    const paths = Object.keys(cli.commands);
    const leaves = paths.filter(
      (path) => path !== "wsafe" && !paths.some((other) => other.startsWith(`${path} `)),
    );
    const listed = tableRows("command").map((row) => row[0]!);
    for (const path of leaves)
      expect(
        listed.some((cell) => cell.startsWith(`\`${path}`)),
        path,
      ).toBe(true);
    expect(listed.length).toBe(leaves.length);
  });
});

describe("the server's README, against the schema", () => {
  it("names every metric the server serves", () => {
    const missing = serverMetrics
      .map((metric) => metric.name)
      .filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it("names only methods, streams and event types the schema has", () => {
    const known = new Set([...Object.keys(methods), ...Object.keys(streams), ...eventTypes]);
    const named = [...readme.matchAll(/`([a-z]+[A-Za-z]*\.[a-z_]+)`/g)]
      .map((match) => match[1]!)
      // Not API methods: files, and members of objects the README shows.
      .filter((name) => !/\.(ts|js|mjs|json|md|sql|pem|py|html|lock)$/.test(name))
      .filter((name) => !/^(data|util|err|client|process|console)\./.test(name));
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !known.has(name))).toEqual([]);
  });

  it("describes what ships, not groundwork", () => {
    expect(readme).not.toMatch(/groundwork/i);
  });
});
