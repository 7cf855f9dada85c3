import { readFileSync } from "node:fs";

/** A file over the limit and its length. */
export interface LongFile {
  file: string;
  lines: number;
}

/**
 * The files longer than `maxLines` lines, longest first: each wants splitting by
 * concept ("when a file wants a table of contents, split it").
 *
 * @param files - absolute paths
 * @param maxLines - the most lines a file may have
 * @example
 * import { longFiles } from "@wsafe/structure-check";
 * longFiles(files, 330); // [{ file: "/repo/apps/server/test/pipeline.test.ts", lines: 450 }]
 */
export function longFiles(files: readonly string[], maxLines: number): LongFile[] {
  return files
    .map((file) => {
      const text = readFileSync(file, "utf8");
      // A last line without its newline still counts; a final newline opens no line.
      return { file, lines: text === "" ? 0 : text.replace(/\n$/, "").split("\n").length };
    })
    .filter(({ lines }) => lines > maxLines)
    .sort((a, b) => b.lines - a.lines);
}
