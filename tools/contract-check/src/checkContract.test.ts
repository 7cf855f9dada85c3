import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkContract } from "./checkContract.js";
import type { Contract } from "./diffContracts.js";

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
