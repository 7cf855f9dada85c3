// The reference HAProxy configuration never replays a write (test/proxyRetries.test.ts
// shows HAProxy acting on it). Its rules are written from the schema's name rule, the one
// the client keys and retries writes by: a call under /v1 or /trpc is a write unless its
// name ends in a read verb (or names a subscription). A new write method needs no edit;
// a new read verb or subscription fails the snapshot test below until
// `pnpm --filter @wsafe/deployment run proxy-rules` (this file with `--update`) writes
// the block into the template.
import { readFileSync } from "node:fs";
import { isWriteMethod, methods } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { proxyTreatsAsWrite, withWriteRules, writeMethods, writeRulesBlock } from "./proxyWriteRules.js";
import { deployDirectory } from "./renderTemplate.js";

const templatePath = `${deployDirectory}haproxy.cfg.template`;

/** Every path by which a client names a method: /v1, tRPC alone, in a batch after a read, percent-encoded. */
const pathsOf = (name: string) => [
  `/v1/${name}`,
  `/trpc/${name}`,
  `/trpc/users.info,${name}`,
  `/trpc/${name},users.info`,
  `/trpc/${name.replaceAll(".", "%2E")}`,
];

describe("the write rules of deploy/haproxy.cfg.template", () => {
  it("are every registry method that needs write, and only those", () => {
    expect(writeMethods.length).toBeGreaterThan(0);
    for (const [name, method] of Object.entries(methods))
      expect(writeMethods.includes(name as keyof typeof methods), name).toBe(method.permission === "write");
  });

  it("are written in the template as the schema has them", async () => {
    const template = readFileSync(templatePath, "utf8");
    await expect(withWriteRules(template)).toMatchFileSnapshot(templatePath);
  });

  it("treat every registry method as the registry's write flag says, by every path that names it", () => {
    for (const [name, method] of Object.entries(methods))
      for (const path of pathsOf(name))
        expect(proxyTreatsAsWrite(path), path).toBe(method.permission === "write");
  });

  it("treat a write method the registry does not hold yet as a write, with no edit", () => {
    // Issue 49's writes, and their client's rule agrees.
    const coming = ["equipmentTypes.create", "equipments.update", "equipments.retire", "schedules.set"];
    for (const name of coming) {
      expect(isWriteMethod(name), name).toBe(true);
      for (const path of pathsOf(name)) expect(proxyTreatsAsWrite(path), path).toBe(true);
    }
    expect(proxyTreatsAsWrite("/v1/equipments.changes")).toBe(false);
  });

  it("retry the subscriptions, a batch of reads and anything outside the API", () => {
    expect(proxyTreatsAsWrite("/trpc/events.stream")).toBe(false);
    expect(proxyTreatsAsWrite("/trpc/users.info,resources.list")).toBe(false);
    expect(proxyTreatsAsWrite("/methods/")).toBe(false);
    expect(proxyTreatsAsWrite("/readyz")).toBe(false);
  });

  it("are the template's own, and acted on", () => {
    const template = readFileSync(templatePath, "utf8");
    const block = template.slice(template.indexOf("# BEGIN write methods"), template.indexOf("# END"));
    for (const line of writeRulesBlock().slice(2, -1)) expect(block).toContain(line.trim());
    expect(template).toMatch(/^ {4}http-request disable-l7-retry if wsafe_api !wsafe_read$/m);
  });

  it("refuses a template without its block rather than writing one somewhere", () => {
    expect(() => withWriteRules("backend wsafe\n")).toThrow(/must hold one block/);
    expect(() => writeRulesBlock({ verbs: [], streams: [] })).toThrow(/no read verb/);
  });
});
