// `npm test` prints again, after its tally, the lines of a failed check that say what
// failed (scripts/failureLines.mjs): a CI page that keeps only a log's end once said
// "@wsafe/server#test FAILED" and nothing of which test. Fed here what vitest really
// prints for a failing and a passing file, colours on, through turbo's prefix.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a script of the workspace's root, plain JavaScript
import { failureLines } from "../../../scripts/failureLines.mjs";

const vitestBin = join(dirname(createRequire(import.meta.url).resolve("vitest/package.json")), "vitest.mjs");
const scratch = mkdtempSync(join(tmpdir(), "wsafe-failure-lines-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What vitest prints for one test file, each line prefixed as turbo prefixes a task's. */
function vitestOutput(name: string, source: string): string[] {
  writeFileSync(join(scratch, name), source);
  const run = spawnSync(process.execPath, [vitestBin, "run", name, "--root", scratch], {
    cwd: scratch,
    encoding: "utf8",
    env: { ...process.env, FORCE_COLOR: "1", CI: "1" },
    timeout: 60_000,
  });
  return `${run.stdout}${run.stderr}`.split("\n").map((line) => `@wsafe/server:test: ${line}`);
}

function kept(lines: string[], max?: number): string[] {
  const failures = failureLines(max);
  for (const line of lines) failures.see(line);
  return failures.lines;
}

describe("the failure lines npm test prints again at its end", () => {
  it("keeps which file and test failed and the assertion, colours taken out", () => {
    const lines = kept(
      vitestOutput(
        "delivery.test.mjs",
        `import { expect, it } from "vitest";
         it("passes", () => expect(1).toBe(1));
         it("makes every attempt", () => expect(7, "attempts made").toBe(8));`,
      ),
    );
    const text = lines.join("\n");
    expect(text).toContain("delivery.test.mjs");
    expect(text).toContain("makes every attempt");
    expect(text).toMatch(/AssertionError: attempts made: expected 7 to be 8/);
    expect(text).not.toContain("\u001b[");
    expect(text).not.toContain("passes");
  }, 60_000);

  it("keeps nothing of a file that passed", () => {
    expect(
      kept(vitestOutput("fine.test.mjs", `import { it } from "vitest"; it("works", () => {});`)),
    ).toEqual([]);
  }, 60_000);

  it("keeps the errors a passing test logs before any failure out", () => {
    const log = [
      "@wsafe/server:test: Error: connect ECONNREFUSED 127.0.0.1:9 (a refusal the test expects)",
      "@wsafe/server:test:  FAIL  test/a.test.ts > case",
      "@wsafe/server:test: AssertionError: expected 7 to be 8",
    ];
    expect(kept(log)).toEqual(log.slice(1));
  });

  it("keeps each line once, and no more than it is asked to", () => {
    const failing = Array.from({ length: 10 }, (_, i) => ` FAIL  test/file${i}.test.ts > case`);
    expect(kept([...failing, ...failing], 4)).toEqual(failing.slice(0, 4));
    expect(kept([failing[0]!, failing[0]!])).toEqual([failing[0]]);
  });
});
