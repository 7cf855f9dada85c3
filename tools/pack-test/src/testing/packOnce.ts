// The suite's global set-up: `npm run pack -- --out <dir>`, run once for every file of the
// suite, exactly as the docs give it. Each file used to run it itself (twice per run:
// the build check, four `pnpm pack`s and the listings again); they now read what this
// run printed and the tarballs it wrote.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { runPackCommand } from "../runPackCommand.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The one `npm run pack` of this run: the `--out` directory given and what it printed. */
    packCommand: { out: string; output: string };
  }
}

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");

export default function packOnce(project: TestProject): () => void {
  const work = mkdtempSync(join(tmpdir(), "wsafe-pack-once-"));
  const out = join(work, "tarballs");
  project.provide("packCommand", { out, output: runPackCommand(root, out).output });
  return () => rmSync(work, { recursive: true, force: true });
}
