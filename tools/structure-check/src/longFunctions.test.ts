import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createScratchDirectory } from "@wsafe/test-support";
import { afterAll, describe, expect, it } from "vitest";
import { longFunctions } from "./longFunctions.js";

/** A body of `n` statements. */
const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join("\n");

describe(longFunctions, () => {
  const scratch = createScratchDirectory("long-functions");
  afterAll(async () => (await scratch).remove());

  it("lists every kind of function over the limit by the name a reader searches for, longest first", async () => {
    const file = join((await scratch).path, "kinds.ts");
    await writeFile(
      file,
      [
        "/** A comment that does not count. */",
        `export function declared() {\n${body(4)}\n}`,
        `const arrow = () => {\n${body(5)}\n};`,
        `const short = () => {\n${body(1)}\n};`,
        "const expression = (x: number) => x + 1;",
        `class Thing {\n  method() {\n${body(6)}\n  }\n  constructor() {\n${body(3)}\n  }\n}`,
        `const table = { handler: function () {\n${body(3)}\n} };`,
        "",
      ].join("\n"),
    );
    expect(longFunctions([file], 4)).toEqual([
      { file, name: "Thing.method", line: 20, lines: 8 },
      { file, name: "arrow", line: 8, lines: 7 },
      { file, name: "declared", line: 2, lines: 6 },
      { file, name: "Thing.constructor", line: 28, lines: 5 },
      { file, name: "handler", line: 34, lines: 5 },
    ]);
  });

  it("counts a function inside another in both", async () => {
    const file = join((await scratch).path, "nested.ts");
    await writeFile(
      file,
      `function outer() {\n  const inner = () => {\n${body(6)}\n  };\n  return inner;\n}\n`,
    );
    expect(longFunctions([file], 5).map(({ name, lines }) => [name, lines])).toEqual([
      ["outer", 11],
      ["inner", 8],
    ]);
  });
});
