import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const project = fileURLToPath(new URL("./consumer/tsconfig.json", import.meta.url));

describe("the published declarations", () => {
  // Runs against dist: `pnpm build` first (the package's test task depends on it).
  it("compile in a browser project without Node types, with strict options and no skipLibCheck", async () => {
    const run = await promisify(execFile)(process.execPath, [tsc, "-p", project]).catch(
      (error: { stdout: string; stderr: string }) => error,
    );
    expect(`${run.stdout}${run.stderr}`).toBe("");
  }, 180_000); // zod's declarations are checked too: slow on a busy machine
});
