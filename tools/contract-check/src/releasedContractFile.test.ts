import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { releasedContractFile } from "./releasedContractFile.js";

describe(releasedContractFile, () => {
  const dir = mkdtempSync(join(tmpdir(), "contract-lines-"));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("is v1.json in an empty or missing folder, and the newest line's file once there are several", () => {
    expect(releasedContractFile(join(dir, "missing"))).toBe(join(dir, "missing", "v1.json"));
    writeFileSync(join(dir, "v1.json"), "{}");
    writeFileSync(join(dir, "acknowledgements.json"), "[]");
    expect(releasedContractFile(dir)).toBe(join(dir, "v1.json"));
    writeFileSync(join(dir, "v2.json"), "{}");
    writeFileSync(join(dir, "v10.json"), "{}");
    expect(releasedContractFile(dir)).toBe(join(dir, "v10.json"));
  });
});
