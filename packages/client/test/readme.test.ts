// The README says what the client does, from the registry: it once listed three methods
// for `paginate` while five take `cursor`. Held here to the schema's registry.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { methods, streams } from "@wsafe/schema";
import { describe, expect, it } from "vitest";

const readme = readFileSync(join(import.meta.dirname, "..", "README.md"), "utf8");

/** The methods that answer in pages: those that declare a walk (a feed takes `cursor` too, and is not one). */
const paginated = Object.values(methods)
  .filter((method) => method.pagination !== undefined)
  .map((method) => method.name);

describe("the client's README", () => {
  it("lists every method `paginate` walks, and only those", () => {
    const sentence = /`client\.paginate\(method, params\)` walks a paginated method \(([^)]*)\)/.exec(readme);
    expect(sentence, "the Pages section's first sentence").not.toBeNull();
    const listed = [...sentence![1]!.matchAll(/`([A-Za-z]+\.[a-z_]+)`/g)].map((match) => match[1]);
    expect(paginated.length).toBeGreaterThanOrEqual(5);
    expect([...listed].sort()).toEqual([...paginated].sort());
  });

  it("names only methods and streams the registry has", () => {
    const known = new Set([...Object.keys(methods), ...Object.keys(streams)]);
    const named = [...readme.matchAll(/`(?:client\.)?([a-z]+[A-Za-z]*\.[a-z_]+)(?:\([^`]*\))?`/g)]
      .map((match) => match[1]!)
      // Not API methods: the client's own members, a placeholder, files.
      .filter((name) => !/^(client|a|err|page|process|console|req)\./.test(name))
      .filter((name) => !/\.(ts|js|mjs|json|md)$/.test(name));
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !known.has(name))).toEqual([]);
  });
});
