import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkContract } from "./checkContract.js";
import type { CliContract } from "./diffCli.js";
import type { Contract } from "./diffContracts.js";
import { cliFixture } from "./testing/cliRuleCases.js";
import { fixture } from "./testing/contractFixture.js";

const base: Contract = {
  version: "v1",
  errors: ["token_missing"],
  methods: {
    "things.list": {
      permission: "read",
      errors: ["token_missing"],
      params: {
        type: "object",
        properties: { token: { type: "string" } },
        required: ["token"],
        additionalProperties: false,
      },
      result: { type: "object", properties: { ok: { const: true } }, required: ["ok"] },
    },
  },
  records: {},
};
const additive: Contract = { ...base, records: { Thing: { type: "object" } } };
const breaking: Contract = { ...base, methods: {} };

describe(checkContract, () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "contract-check-"));
    writeFileSync(join(dir, "README.md"), "# Changesets\n");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const changeset = (file: string, releases: string) =>
    writeFileSync(join(dir, file), `---\n${releases}\n---\n\nWhat changed.\n`);

  it("passes an unchanged contract without any changeset", () => {
    expect(checkContract(base, base, { changesetDir: dir })).toMatchObject({ ok: true, failures: [] });
  });

  it("fails additive changes without a changeset", () => {
    const result = checkContract(base, additive, { changesetDir: dir });
    expect(result.ok).toBe(false);
    expect(result.failures).toEqual([
      expect.stringContaining("need a changeset bumping @wsafe/schema by at least minor"),
    ]);
  });

  it("fails additive changes with only a patch changeset, and names it", () => {
    changeset("small-fix.md", '"@wsafe/schema": patch');
    const result = checkContract(base, additive, { changesetDir: dir });
    expect(result.ok).toBe(false);
    expect(result.failures[0]).toContain("small-fix.md patch");
  });

  it("does not count a minor changeset of another package", () => {
    changeset("client.md", '"@wsafe/client": minor');
    expect(checkContract(base, additive, { changesetDir: dir }).ok).toBe(false);
  });

  it.each(["minor", "major"])("passes additive changes with a %s changeset of @wsafe/schema", (bump) => {
    changeset("new-record.md", `"@wsafe/schema": ${bump}\n"@wsafe/client": patch`);
    expect(checkContract(base, additive, { changesetDir: dir })).toMatchObject({
      ok: true,
      changesets: [{ file: "new-record.md", type: bump }],
    });
  });

  it("reads unquoted package names as changesets does", () => {
    changeset("unquoted.md", "'@wsafe/schema': minor");
    expect(checkContract(base, additive, { changesetDir: dir }).ok).toBe(true);
  });

  it("fails breaking changes even with a major changeset", () => {
    changeset("major.md", '"@wsafe/schema": major');
    const result = checkContract(base, breaking, { changesetDir: dir });
    expect(result.ok).toBe(false);
    expect(result.breaking.map((d) => d.rule)).toEqual(["method.removed"]);
    expect(result.failures).toEqual([expect.stringContaining("breaking change(s)")]);
  });

  it("fails loudly on a changeset it cannot read", () => {
    writeFileSync(join(dir, "broken.md"), "---\n: : :\n---\n");
    expect(() => checkContract(base, additive, { changesetDir: dir })).toThrow(/broken\.md cannot be parsed/);
  });
});

// What the version policy promises, gate and all: walks, flags and metrics are held to
// semver, and a breaking change passes only as the move to the next line, released as
// its major. Each case writes the changesets a maintainer would.
describe("checkContract and the version policy", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "contract-check-policy-"));
    writeFileSync(
      join(dir, "config.json"),
      JSON.stringify({ fixed: [["@wsafe/schema", "@wsafe/client", "@wsafe/server", "@wsafe/conformance"]] }),
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const changeset = (file: string, releases: string) =>
    writeFileSync(join(dir, file), `---\n${releases}\n---\n\nWhat changed.\n`);
  const contract = (change: (c: Contract) => void = () => {}) => {
    const copy = structuredClone(fixture);
    change(copy);
    return copy;
  };
  const cli = (change: (c: CliContract) => void = () => {}) => {
    const copy = structuredClone(cliFixture);
    change(copy);
    return copy;
  };
  const check = (next: Contract, nextCli: CliContract, currentVersion = "1.2.0") =>
    checkContract(fixture, next, {
      changesetDir: dir,
      currentVersion,
      cli: { base: cliFixture, next: nextCli },
    });

  it("fails a changed walk order, even with a minor changeset", () => {
    changeset("order.md", '"@wsafe/schema": minor');
    const result = check(
      contract((c) => (c.methods["things.list"]!.pagination!.order = ["name", "id"])),
      cli(),
    );
    expect(result.ok).toBe(false);
    expect(result.breaking.map((d) => d.rule)).toEqual(["walk.order-changed"]);
  });

  it("fails a removed flag, with its variable", () => {
    changeset("flag.md", '"@wsafe/server": minor');
    const result = check(
      contract(),
      cli((c) => delete c.commands["tool serve"]!.options["--port"]),
    );
    expect(result.ok).toBe(false);
    expect(result.breaking.map((d) => d.rule)).toEqual(["cli.option-removed", "cli.env-removed"]);
    expect(result.failures).toEqual([expect.stringContaining("2 breaking change(s)")]);
  });

  it("fails a renamed metric", () => {
    changeset("metric.md", '"@wsafe/schema": minor');
    const result = check(
      contract((c) => {
        c.metrics!.things_total = c.metrics!.things_served_total!;
        delete c.metrics!.things_served_total;
      }),
      cli(),
    );
    expect(result.ok).toBe(false);
    expect(result.breaking.map((d) => d.rule)).toEqual(["metric.removed"]);
  });

  it("passes an added flag with a minor changeset of the server, and not without one", () => {
    const next = cli(
      (c) => (c.commands["tool serve"]!.options["--events-retention"] = { value: "required" }),
    );
    expect(check(contract(), next).failures).toEqual([
      expect.stringContaining(
        "1 additive or acknowledged command-line change(s) need a changeset bumping @wsafe/server",
      ),
    ]);
    changeset("schema-only.md", '"@wsafe/schema": minor');
    expect(check(contract(), next).ok).toBe(false);
    changeset("retention.md", '"@wsafe/server": minor');
    expect(check(contract(), next)).toMatchObject({ ok: true, additive: [{ rule: "cli.option-added" }] });
  });

  it("passes a breaking change only as the move to /v2 with a major changeset (2.0.0)", () => {
    const v2 = contract((c) => {
      c.version = "v2";
      delete c.metrics!.thing_seconds;
    });
    const moved = () =>
      check(
        v2,
        cli((c) => delete c.commands["tool serve"]!.options["--http"]),
      );
    changeset("v2.md", '"@wsafe/schema": minor');
    expect(moved().ok).toBe(false);
    changeset("v2.md", '"@wsafe/client": major');
    expect(moved()).toMatchObject({ ok: true, newLine: true, version: "2.0.0", failures: [] });
    expect(
      moved()
        .breaking.map((d) => d.rule)
        .sort(),
    ).toEqual(["cli.env-removed", "cli.option-removed", "contract.version-changed", "metric.removed"]);
    // The same breaking changes under /v1, even with the major changeset: refused twice over.
    const sameLine = check(
      contract((c) => delete c.metrics!.thing_seconds),
      cli(),
    );
    expect(sameLine.ok).toBe(false);
    expect(sameLine.failures).toEqual([
      expect.stringContaining("2.0.0 would be released serving /v1"),
      expect.stringContaining("1 breaking change(s): /v1 must not break its consumers"),
    ]);
  });

  it("allows the first release, 0.x to 1.0.0, of the same /v1 contract", () => {
    changeset("first-release.md", '"@wsafe/schema": major');
    const next = contract((c) => (c.metrics!.things_open = { type: "gauge", labels: [] }));
    expect(check(next, cli(), "0.1.0")).toMatchObject({ ok: true, version: "1.0.0", newLine: false });
  });

  it("refuses a major changeset once /v1 is released as 1.x, with no contract change at all", () => {
    changeset("oops.md", '"@wsafe/conformance": major');
    expect(check(contract(), cli()).failures).toEqual([
      expect.stringContaining("2.0.0 would be released serving /v1"),
    ]);
  });
});
