import { describe, expect, it } from "vitest";
import { changelogPage, demoteHeadings } from "./changelogPage.js";

describe("changelogPage", () => {
  it("says there are no releases when no package has a changelog", () => {
    expect(changelogPage([])).toContain("No releases yet");
  });

  it("shows each package's releases under its name, one heading level down", () => {
    const markdown = "# @wsafe/schema\n\n## 1.1.0\n\n### Minor Changes\n\n- abc123: Adds `users.list`.\n";
    const text = changelogPage([{ packageName: "@wsafe/schema", markdown }]);
    expect(text).toContain(
      "## @wsafe/schema\n\n### 1.1.0\n\n#### Minor Changes\n\n- abc123: Adds `users.list`.",
    );
    expect(text).not.toContain("\n# @wsafe/schema");
  });
});

describe("demoteHeadings", () => {
  it("leaves code blocks alone", () => {
    expect(demoteHeadings("# a\n```sh\n# comment\n```")).toBe("## a\n```sh\n# comment\n```");
  });
});
