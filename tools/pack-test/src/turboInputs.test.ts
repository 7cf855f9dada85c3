// turbo.json names, for the checks that take in the whole working tree (the release and
// packaging suites copy it, the structure check reads every source, Biome lints it),
// every file with a glob and then leaves out what git ignores, by hand: turbo's explicit
// globs do not read .gitignore. A file left in would change the hash on every build (a
// second `npm test` would run again); a file left out would let a change pass unseen.
// So the inputs must be exactly the files a clone holds.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const wholeTree = {
  "@wsafe/release#test": "tests/release",
  "@wsafe/pack-test#test": "tools/pack-test",
  "@wsafe/structure-check#test": "tools/structure-check",
  "//#lint": ".",
};

describe("turbo's inputs of the checks that read the whole working tree", () => {
  it("are exactly the files a clone of it holds", () => {
    const clone = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: root,
      encoding: "utf8",
    })
      .split("\0")
      .filter((file) => file && existsSync(join(root, file)))
      .sort();
    const dry = JSON.parse(
      execFileSync(
        join(root, "node_modules", ".bin", "turbo"),
        ["run", ...Object.keys(wholeTree), "--dry=json"],
        {
          cwd: root,
          encoding: "utf8",
          maxBuffer: 256 * 1024 * 1024,
        },
      ),
    ) as { tasks: { taskId: string; inputs: Record<string, string> }[] };
    for (const [id, directory] of Object.entries(wholeTree)) {
      const task = dry.tasks.find((candidate) => candidate.taskId === id);
      expect(task, `turbo plans no ${id}`).toBeDefined();
      const inputs = Object.keys(task!.inputs)
        .map((file) => normalize(join(directory, file)))
        .sort();
      expect({ id, inputs }).toEqual({ id, inputs: clone });
    }
  }, 120_000);
});
