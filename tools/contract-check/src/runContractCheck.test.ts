import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { toContract } from "@wsafe/schema/openapi";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acknowledgeDifferences, parseAcknowledgements } from "./acknowledgeDifferences.js";
import { type Contract, diffContracts } from "./diffContracts.js";
import { releasedContractFile } from "./releasedContractFile.js";
import { defaultPaths, runContractCheck } from "./runContractCheck.js";
import { cliFixture } from "./testing/cliRuleCases.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const releasedFile = releasedContractFile(join(root, defaultPaths.contracts));

function run(args: string[], cwd: string) {
  let stdout = "";
  let stderr = "";
  const code = runContractCheck(args, {
    cwd,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

describe(runContractCheck, () => {
  let dir: string;
  const contract = () => structuredClone(JSON.parse(readFileSync(releasedFile, "utf8"))) as Contract;
  const write = (file: string, value: unknown) => writeFileSync(join(dir, file), JSON.stringify(value));
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "contract-check-cli-"));
    mkdirSync(join(dir, ".changeset"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("passes and says so when nothing changed", () => {
    write("base.json", contract());
    write("next.json", contract());
    expect(
      run(["--base", "base.json", "--next", "next.json", "--changesets", ".changeset"], dir),
    ).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("no contract changes."),
    });
  });

  it("exits 1 and lists each breaking change with its rule and path", () => {
    const next = contract();
    delete next.methods["users.info"];
    write("base.json", contract());
    write("next.json", next);
    const { code, stdout } = run(
      ["--base", "base.json", "--next", "next.json", "--changesets", ".changeset"],
      dir,
    );
    expect(code).toBe(1);
    expect(stdout).toContain("BREAKING (1):");
    expect(stdout).toMatch(/method\.removed\s+\$\.methods\["users\.info"\]/);
    expect(stdout).toContain("FAILED");
  });

  it("exits 2 on a snapshot it cannot read", () => {
    write("base.json", contract());
    expect(run(["--base", "base.json", "--next", "missing.json"], dir)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("missing.json"),
    });
    expect(run(["--nope"], dir).code).toBe(2);
  });

  it("accepts additive changes into the snapshot on release", () => {
    const next = contract();
    next.errors.push("brand_new_error");
    write("base.json", contract());
    write("next.json", next);
    const accepted = run(["--accept", "--base", "base.json", "--next", "next.json"], dir);
    expect(accepted.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, "base.json"), "utf8"))).toEqual(next);
  });

  it("passes a breaking change an acknowledgement names exactly, with a minor changeset, and empties the file on release", () => {
    const next = contract();
    next.methods["users.info"]!.errors.push("brand_new_error");
    write("base.json", contract());
    write("next.json", next);
    write("acks.json", [
      {
        rule: "method.error-added",
        path: '$.methods["users.info"].errors',
        message: "users.info may now answer brand_new_error",
        reason: "the server always answered it",
      },
    ]);
    writeFileSync(join(dir, ".changeset", "fix.md"), '---\n"@wsafe/schema": minor\n---\n\nFix.\n');
    const args = ["--base", "base.json", "--next", "next.json", "--changesets", ".changeset"];
    const checked = run([...args, "--acknowledgements", "acks.json"], dir);
    expect(checked.stdout).toContain("acknowledged breaking (1)");
    expect(checked.stdout).toContain("why: the server always answered it");
    expect(checked.code).toBe(0);
    expect(run(args, dir).code).toBe(1);
    expect(run(["--accept", ...args, "--acknowledgements", "acks.json"], dir).code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, "acks.json"), "utf8"))).toEqual([]);
    expect(JSON.parse(readFileSync(join(dir, "base.json"), "utf8"))).toEqual(next);
  });

  it("fails on an acknowledgement that names no difference", () => {
    write("base.json", contract());
    write("next.json", contract());
    write("acks.json", [{ rule: "method.removed", path: "$.methods", message: "gone", reason: "old" }]);
    const { code, stdout } = run(
      ["--base", "base.json", "--next", "next.json", "--acknowledgements", "acks.json"],
      dir,
    );
    expect(code).toBe(1);
    expect(stdout).toContain("acknowledgement matches no difference");
  });

  it("fails a removed flag of the command line, and passes an added one with a minor changeset of the server", () => {
    const cli = structuredClone(cliFixture);
    delete cli.commands["tool serve"]!.options["--port"];
    write("base.json", contract());
    write("next.json", contract());
    write("cli-base.json", cliFixture);
    write("cli-next.json", cli);
    const args = [
      "--base",
      "base.json",
      "--next",
      "next.json",
      "--cli-base",
      "cli-base.json",
      "--cli-next",
      "cli-next.json",
    ];
    const removed = run([...args, "--changesets", ".changeset"], dir);
    expect(removed.code).toBe(1);
    expect(removed.stdout).toMatch(/cli\.option-removed\s+\$\.commands\["tool serve"\]\.options\["--port"\]/);
    expect(removed.stdout).toMatch(/cli\.env-removed .*\n.*TOOL_PORT no longer sets tool serve --port/);

    const added = structuredClone(cliFixture);
    added.commands["tool serve"]!.options["--events-retention"] = {
      value: "required",
      env: "TOOL_EVENTS_RETENTION",
    };
    write("cli-next.json", added);
    expect(run([...args, "--changesets", ".changeset"], dir).code).toBe(1);
    writeFileSync(
      join(dir, ".changeset", "retention.md"),
      '---\n"@wsafe/server": minor\n---\n\nRetention.\n',
    );
    const passed = run([...args, "--changesets", ".changeset"], dir);
    expect(passed.stdout).toMatch(
      /cli\.option-added\s+\$\.commands\["tool serve"\]\.options\["--events-retention"\]/,
    );
    expect(passed.code).toBe(0);
  });

  it("says so when the command line it is told to compare is missing", () => {
    write("base.json", contract());
    write("next.json", contract());
    expect(run(["--base", "base.json", "--next", "next.json", "--cli-next", "nope.json"], dir)).toMatchObject(
      {
        code: 2,
        stderr: expect.stringContaining("cannot read --cli-next nope.json"),
      },
    );
  });

  it("accepts a move to /v2 released as 2.0.0 beside v1.json, with the command line, and refuses it at 1.x", () => {
    mkdirSync(join(dir, "contract"));
    const v2 = contract();
    v2.version = "v2";
    v2.errors.pop();
    writeFileSync(join(dir, "contract", "v1.json"), JSON.stringify(contract()));
    write("next.json", v2);
    write("cli-next.json", cliFixture);
    const args = ["--base", "contract/v1.json", "--next", "next.json", "--cli-base", "contract/cli.json"];
    const accept = [...args, "--cli-next", "cli-next.json", "--package-json", "package.json", "--accept"];
    write("package.json", { version: "1.3.0" });
    expect(run(accept, dir)).toMatchObject({ code: 1, stderr: expect.stringContaining("refusing") });
    expect(existsSync(join(dir, "contract", "v2.json"))).toBe(false);
    // After `changeset version` with a major changeset: 2.0.0, no changeset left.
    write("package.json", { version: "2.0.0" });
    expect(run(accept, dir)).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("contract/v2.json now equals"),
    });
    expect(JSON.parse(readFileSync(join(dir, "contract", "v2.json"), "utf8"))).toEqual(v2);
    expect(JSON.parse(readFileSync(join(dir, "contract", "v1.json"), "utf8"))).toEqual(contract());
    expect(JSON.parse(readFileSync(join(dir, "contract", "cli.json"), "utf8"))).toEqual(cliFixture);
  });

  it("refuses to accept breaking changes", () => {
    const next = contract();
    next.errors.pop();
    write("base.json", contract());
    write("next.json", next);
    expect(run(["--accept", "--base", "base.json", "--next", "next.json"], dir).code).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, "base.json"), "utf8"))).toEqual(contract());
  });
});

describe("the working contract", () => {
  it("equals the released snapshot, or differs from it only additively or as acknowledged", () => {
    const released = JSON.parse(readFileSync(releasedFile, "utf8")) as Contract;
    const file = join(root, defaultPaths.acknowledgements);
    const acknowledgements = existsSync(file)
      ? parseAcknowledgements(JSON.parse(readFileSync(file, "utf8")))
      : [];
    const { breaking, unmatched } = acknowledgeDifferences(
      diffContracts(released, toContract() as Contract).filter((d) => d.severity === "breaking"),
      acknowledgements,
    );
    expect(breaking).toEqual([]);
    expect(unmatched).toEqual([]);
  });

  it.runIf(existsSync(join(root, defaultPaths.next)))(
    "passes the gate, changesets included (what CI runs)",
    () => {
      const { code, stdout } = run([], root);
      expect(stdout).toContain("contract-check: passed.");
      expect(code).toBe(0);
    },
  );
});
