// deploy/README.md installs the `wsafe` command from the tarballs of `npm run pack`. Its
// line once named `wsafe-server-1.0.0.tgz` while the packages were at 1.2.0: copied as
// printed, it failed. The line names no version now; read by bash in the folder this run
// packed into, it must name exactly the tarballs of the `@wsafe/server` line that
// `npm run pack` printed (the line the packaging suite installs and runs).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, inject, it } from "vitest";
import { readPackCommandOutput } from "./runPackCommand.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
/** Where deploy/README.md says to write the tarballs. */
const readmeFolder = "/tmp/wsafe-tarballs";
const { out, output } = inject("packCommand");

describe("deploy/README.md's install line", () => {
  it("installs the tarballs of npm run pack's @wsafe/server line, whatever their version", () => {
    const readme = readFileSync(join(root, "deploy", "README.md"), "utf8");
    const lines = readme.split("\n").filter((line) => line.startsWith(`npm install -g ${readmeFolder}/`));
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).not.toMatch(/\d+\.\d+\.\d+/);
    const words = (line ?? "").replace(/\s+#.*$/, "").slice("npm install -g ".length);
    // As the operator's shell reads it, in the folder this run packed into; a name that
    // matches no file is an error, not a word passed on.
    const expanded = spawnSync(
      "bash",
      [
        "-O",
        "failglob",
        "-c",
        `cd "$1" && printf '%s\\n' ${words.replaceAll(`${readmeFolder}/`, "")}`,
        "-",
        out,
      ],
      { encoding: "utf8" },
    );
    expect(expanded.stderr).toBe("");
    const printed = readPackCommandOutput(output).installLine("@wsafe/server").split(" ").slice(2);
    expect(
      expanded.stdout
        .trim()
        .split("\n")
        .map((file) => join(out, file)),
    ).toEqual(printed);
  });
});
