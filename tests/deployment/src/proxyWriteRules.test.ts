// The reference HAProxy configuration names every write method of the registry, so that
// it never replays one (test/proxyRetries.test.ts shows HAProxy acting on the names). The
// block is written from the registry, never by hand: a method added with `permission:
// "write"` fails this test until `pnpm --filter @wsafe/deployment run proxy-rules`
// (this file with `--update`) writes it into the template.
import { readFileSync } from "node:fs";
import { methods } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { withWriteRules, writeMethods, writeRulesBlock } from "./proxyWriteRules.js";
import { deployDirectory } from "./renderTemplate.js";

const templatePath = `${deployDirectory}haproxy.cfg.template`;

describe("the write methods of deploy/haproxy.cfg.template", () => {
  it("are every registry method that needs write, and only those", () => {
    expect(writeMethods.length).toBeGreaterThan(0);
    for (const [name, method] of Object.entries(methods))
      expect(writeMethods.includes(name as keyof typeof methods), name).toBe(method.permission === "write");
  });

  it("are written in the template as the registry has them", async () => {
    const template = readFileSync(templatePath, "utf8");
    await expect(withWriteRules(template, writeMethods)).toMatchFileSnapshot(templatePath);
  });

  it("are named by the template for /v1 and /trpc, each of them", () => {
    const template = readFileSync(templatePath, "utf8");
    const block = template.slice(template.indexOf("# BEGIN write methods"), template.indexOf("# END"));
    for (const name of writeMethods) {
      expect(block).toContain(` /v1/${name}`);
      expect(block).toContain(name.replaceAll(".", "\\."));
    }
    // The rule that acts on them.
    expect(template).toMatch(/^ {4}http-request disable-l7-retry if wsafe_write$/m);
  });

  it("refuses a template without its block rather than writing one somewhere", () => {
    expect(() => withWriteRules("backend wsafe\n", writeMethods)).toThrow(/must hold one block/);
    expect(() => writeRulesBlock([])).toThrow(/no write method/);
  });
});
