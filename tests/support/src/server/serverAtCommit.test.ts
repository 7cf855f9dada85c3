import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { workspaceRoot } from "../workspace/serverDirectory.js";
import { releaseCommit } from "./serverAtCommit.js";

// The build itself is what the upgrade test of tests/operate and the bench's fairness
// baseline run (about 25 s of CPU): here, only how a release is found.
const history = execFileSync("git", ["rev-list", "--count", "HEAD"], {
  cwd: workspaceRoot,
  encoding: "utf8",
});

describe.skipIf(Number(history) < 2)(releaseCommit, () => {
  it("finds a release's commit by its message, and only that release's", () => {
    const found = releaseCommit(workspaceRoot, "1.0.0");
    expect(found).toMatch(/^[0-9a-f]{40}$/);
    const subject = execFileSync("git", ["log", "-1", "--format=%s", String(found)], {
      cwd: workspaceRoot,
      encoding: "utf8",
    });
    expect(subject).toMatch(/^release 1\.0\.0\b/);
    // A release that never was has no commit.
    expect(releaseCommit(workspaceRoot, "9.9.9")).toBeUndefined();
  });
});
