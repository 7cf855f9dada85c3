import { ruleIds, rules } from "@wsafe/contract-check";
import { describe, expect, it } from "vitest";
import { versionsPage } from "./versionsPage.js";

describe("versionsPage", () => {
  const text = versionsPage();

  it("states the version policy", () => {
    for (const phrase of [
      "The 1.x line is `/v1`",
      "A breaking change needs `/v2` and 2.0.0",
      "Additive changes are minor releases",
      "Fixes are patch releases",
      "command-line flags and their environment variables",
      "TypeScript API",
      "metric names",
    ])
      expect(text, phrase).toContain(phrase);
  });

  // The gate's rule table is the page's: a rule the gate adds shows up here with no edit.
  it("lists every rule of the gate once, with its release and reason", () => {
    for (const id of ruleIds) {
      const rows = text.split("\n").filter((line) => line.startsWith(`| \`${id}\` |`));
      expect(rows, id).toHaveLength(1);
      expect(rows[0]).toContain(rules[id].severity === "breaking" ? "only in a new line" : "| minor |");
    }
  });

  it("says how to install from a registry, the scope's registry included", () => {
    expect(text).toContain("npm install @wsafe/client @wsafe/schema");
    expect(text).toContain("npx -p @wsafe/server wsafe serve --demo");
    expect(text).toContain("npx -p @wsafe/conformance wsafe-conformance");
    expect(text).toContain("@wsafe:registry=https://npm.example.internal/");
  });
});
