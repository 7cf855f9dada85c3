import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tasksetAvailable } from "./cpuPinning.mjs";
import { runPinnedChild } from "./runPinnedChild.mjs";

const dir = mkdtempSync(join(tmpdir(), "wsafe-pinned-child-"));
/** A child script of the given source, written once per test. */
function child(name, source) {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, source);
  return file;
}

describe(runPinnedChild, () => {
  it("gives the child its options and answers its last line's JSON, after its progress", async () => {
    const script = child(
      "echo",
      `const options = JSON.parse(process.argv[2]);
       console.log("warming up");
       console.log(JSON.stringify({ got: options }));`,
    );
    await expect(runPinnedChild(script, { connections: 4 }, undefined, "echo")).resolves.toEqual({
      got: { connections: 4 },
    });
  });

  it.skipIf(!tasksetAvailable())("pins the child to the CPUs asked for", async () => {
    const script = child(
      "affinity",
      `import { readFileSync } from "node:fs";
       const line = readFileSync("/proc/self/status", "utf8").split("\\n").find((l) => l.startsWith("Cpus_allowed_list"));
       console.log(JSON.stringify(line.split(":")[1].trim()));`,
    );
    await expect(runPinnedChild(script, {}, "0", "affinity")).resolves.toBe("0");
  });

  it("says which child failed, with the end of its errors", async () => {
    const script = child("fails", `console.error("cannot reach 127.0.0.1:1"); process.exit(3);`);
    await expect(runPinnedChild(script, {}, undefined, "the inspection load")).rejects.toThrow(
      "the inspection load failed (exit 3): cannot reach 127.0.0.1:1",
    );
  });
});
