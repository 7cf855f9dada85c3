import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createScratchDirectory } from "@wsafe/test-support";
import { afterAll, describe, expect, it } from "vitest";
import { longFiles } from "./longFiles.js";

describe(longFiles, () => {
  const scratch = createScratchDirectory("long-files");
  afterAll(async () => (await scratch).remove());

  it("lists the files over the limit, longest first, counting a last line without newline", async () => {
    const dir = (await scratch).path;
    const write = async (name: string, text: string) => {
      await writeFile(join(dir, name), text);
      return join(dir, name);
    };
    const files = [
      await write("three.ts", "a\nb\nc\n"),
      await write("four.ts", "a\nb\nc\nd"),
      await write("five.ts", "a\nb\nc\nd\ne\n"),
      await write("empty.ts", ""),
    ];
    expect(longFiles(files, 3)).toEqual([
      { file: files[2], lines: 5 },
      { file: files[1], lines: 4 },
    ]);
  });
});
