import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createScratchDirectory } from "@wsafe/test-support";
import { afterAll, describe, expect, it } from "vitest";
import { importGraph } from "./importGraph.js";

describe(importGraph, () => {
  const scratch = createScratchDirectory("import-graph");
  afterAll(async () => (await scratch).remove());

  it("resolves every kind of relative import as Node does, and leaves packages out", async () => {
    const dir = (await scratch).path;
    await mkdir(join(dir, "sub"));
    const files = {
      index: join(dir, "index.ts"),
      types: join(dir, "types.ts"),
      lazy: join(dir, "sub", "lazy.ts"),
      script: join(dir, "sub", "script.mjs"),
      again: join(dir, "again.ts"),
    };
    await writeFile(
      files.index,
      [
        'import { z } from "zod";',
        'import type { T } from "./types.js";',
        'export { again } from "./again.js";',
        'const lazy = () => import("./sub/lazy.js");',
      ].join("\n"),
    );
    await writeFile(files.types, "export type T = 1;");
    await writeFile(files.lazy, 'import "../index.js";');
    await writeFile(files.script, 'import "./lazy.js";\nconst { x } = require("../again.ts");');
    await writeFile(files.again, "export const again = 1;");
    const graph = importGraph(Object.values(files));
    expect(graph.get(files.index)).toEqual(new Set([files.types, files.again, files.lazy]));
    expect(graph.get(files.lazy)).toEqual(new Set([files.index]));
    expect(graph.get(files.script)).toEqual(new Set([files.lazy, files.again]));
    expect(graph.get(files.types)).toEqual(new Set());
  });
});
