import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeVersion, versionLabel } from "./buildVersion.js";
import { deriveBuildInfo } from "./deriveBuildInfo.js";

describe(deriveBuildInfo, () => {
  let root: string;
  let server: string;
  beforeAll(async () => {
    // A workspace as a clone holds it, without git: `apps/server` under a `.changeset` folder.
    root = await mkdtemp(join(tmpdir(), "wsafe-build-info-"));
    server = join(root, "apps", "server");
    await mkdir(server, { recursive: true });
    await mkdir(join(root, ".changeset"));
    await writeFile(join(root, ".changeset", "config.json"), "{}");
    await writeFile(join(root, ".changeset", "README.md"), "# Changesets");
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("says a release's version alone: every changeset was consumed by `changeset version`", () => {
    expect(deriveBuildInfo(server, "1.3.0")).toEqual({ version: "1.3.0" });
  });

  it("says a build with changesets pending is no release, and counts them", async () => {
    await writeFile(join(root, ".changeset", "a.md"), '---\n"@wsafe/server": minor\n---\n\nA.');
    await writeFile(join(root, ".changeset", "b.md"), '---\n"@wsafe/client": patch\n---\n\nB.');
    // No git here: the commit is left out, never guessed.
    expect(deriveBuildInfo(server, "1.2.0")).toEqual({ version: "1.2.0", unreleased: { changesets: 2 } });
  });

  it("says what a package installed outside any workspace says: its version", async () => {
    const installed = await mkdtemp(join(tmpdir(), "wsafe-installed-"));
    try {
      expect(deriveBuildInfo(installed, "1.2.0")).toEqual({ version: "1.2.0" });
    } finally {
      await rm(installed, { recursive: true, force: true });
    }
  });
});

describe(describeVersion, () => {
  it("is the plain version for a release", () => {
    const info = { version: "1.2.0" };
    expect(describeVersion({ ...info, label: versionLabel(info) })).toBe("1.2.0");
  });

  it("never claims a release's plain version for a build that is not one", () => {
    const info = { version: "1.2.0", unreleased: { changesets: 23, commit: "3859895772057c0d9be0" } };
    expect(versionLabel(info)).toBe("1.2.0+unreleased.3859895");
    expect(describeVersion({ ...info, label: versionLabel(info) })).toBe(
      "1.2.0+unreleased.3859895 (not a release: 1.2.0 and 23 changes not released yet, built at commit 3859895)",
    );
    const without = { version: "1.2.0", unreleased: { changesets: 1 } };
    expect(describeVersion({ ...without, label: versionLabel(without) })).toBe(
      "1.2.0+unreleased (not a release: 1.2.0 and 1 change not released yet)",
    );
  });
});
