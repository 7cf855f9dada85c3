import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageDir } from "./testing/ajv.js";
import { validate } from "./validate.js";

describe(validate, () => {
  it("returns the parsed value of a valid payload, with defaults applied", () => {
    expect(validate("Dataset", {})).toEqual({
      ok: true,
      value: { accounts: [], tokens: [], users: [], resources: [], equipmentTypes: [], equipments: [] },
    });
  });

  it("lists every issue with a path people can read", () => {
    const result = validate("Dataset", {
      equipments: [
        { schedules: [{ schedule_id: "s", expiresOn: 1.5, expiringOn: null, lastCompletedOn: null }] },
      ],
    });
    expect(result.ok).toBe(false);
    const paths = result.ok ? [] : result.issues.map((issue) => issue.path);
    expect(paths).toContain("equipments[0].schedules[0].expiresOn");
    expect(paths).toContain("equipments[0].id");
  });

  it("refuses an unknown schema name", () => {
    expect(() => validate("Nope" as never, {})).toThrow(new TypeError("unknown schema name: Nope"));
  });
});

const cli = join(packageDir, "bin", "wsafe-schema.js");
const run = (args: string[], input?: string) =>
  spawnSync(process.execPath, [cli, ...args], { input, encoding: "utf8" });

describe("wsafe-schema validate", () => {
  it("exits 0 for a valid payload on standard input", () => {
    const result = run(["validate", "User", "-"], '{"id":"u_1","name":"Ada"}');
    expect({ status: result.status, stdout: result.stdout }).toEqual({ status: 0, stdout: "valid User\n" });
  });

  it("exits 1 and lists the problems of an invalid payload in a person's words", () => {
    const result = run(
      ["validate", "Schedule"],
      '{"schedule_id":"s","status":"late","expiresOn":null,"expiringOn":null,"lastCompletedOn":null}',
    );
    expect({ status: result.status, stdout: result.stdout }).toEqual({
      status: 1,
      stdout:
        'invalid Schedule: 1 problem\n  `status` must be one of "uptodate", "expiring", "expired", got "late"\n',
    });
  });

  it("names a dataset's records by their id", () => {
    const result = run(["validate", "Dataset"], '{"users":[{"id":"u_1","account_id":"acc_1"}]}');
    expect(result.stdout).toBe('invalid Dataset: 1 problem\n  user "u_1": required field `name` missing\n');
  });

  it("exits 1 for a file that is not JSON, showing where", () => {
    const result = run(["validate", "User"], '{\n  "id": "u_1"\n  "name": "Ada"\n}');
    expect({ status: result.status, stdout: result.stdout }).toEqual({
      status: 1,
      stdout: [
        "invalid: not JSON: line 3, column 3: expected ',' or '}' after a value: is a comma missing?",
        '  3 |   "name": "Ada"',
        "    |   ^",
        "",
      ].join("\n"),
    });
  });

  it("reads a file", () => {
    const result = run(["validate", "Dataset", join(packageDir, "package.json")]);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^invalid Dataset: 1 problem\n {2}unknown fields `name`, `version`, /);
  });

  it.each([
    [["validate"]],
    [["validate", "Nope"]],
    [["frobnicate"]],
    [[]],
    [["validate", "User", "/no/such/file"]],
  ])("exits 2 on bad usage: %j", (args) => {
    const result = run(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("Usage: wsafe-schema");
  });

  it("lists the schema names", () => {
    expect(run(["list"]).stdout).toContain("equipments.list.result");
  });
});
