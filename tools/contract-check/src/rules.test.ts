import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { rules } from "./rules.js";

// The README's table is what reviewers read; it must say what the gate does.
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

describe("rules", () => {
  it.each(Object.entries(rules))("%s is in the README's table with its severity and reason", (id, rule) => {
    const row = readme.split("\n").find((line) => line.startsWith(`| \`${id}\` `));
    expect(row, `no README row for ${id}`).toBeDefined();
    const [, , severity, why] = row!.split("|").map((cell) => cell.trim());
    expect(severity).toBe(rule.severity);
    expect(why).toBe(rule.why);
  });

  it("has no README row for a rule that does not exist", () => {
    const ids = [...readme.matchAll(/^\| `([a-z]+\.[a-z-]+)` /gm)].map((match) => match[1]);
    expect(ids.sort()).toEqual(Object.keys(rules).sort());
  });
});
