import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The files run in worker processes that inherit this environment: they append their
// figures to one file, and the teardown prints them together at the end of the run.
export default function setup() {
  const directory = mkdtempSync(join(tmpdir(), "wsafe-rel-figures-"));
  const file = join(directory, "figures.jsonl");
  process.env.WSAFE_RELIABILITY_FIGURES = file;
  return () => {
    let lines: { name: string; value: string | number }[] = [];
    try {
      lines = readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    } catch {
      // no figure recorded: nothing ran
    }
    rmSync(directory, { recursive: true, force: true });
    console.log(
      ["", "reliability figures:", ...lines.map(({ name, value }) => `  ${name}: ${value}`), ""].join("\n"),
    );
  };
}
