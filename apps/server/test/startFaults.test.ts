// What an operator meets when the disk is full or the database is away: a message that
// names the place and what to do, exit status 1, and nothing left behind. A full disk
// used to print `import failed, nothing was imported: undefined` (and `cannot start:
// undefined`) and leave the store directory the import had made.
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createScratchDirectory, freePort, runWsafe, type ScratchDirectory } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDemoDataset } from "../src/demo/createDemoDataset.js";
import { mountTinyDisk, type TinyDisk } from "./support/tinyDisk.js";

// Each case starts Node and opens (or tries to make) an embedded store.
vi.setConfig({ testTimeout: 180_000 });

let dir: ScratchDirectory;
beforeAll(async () => {
  dir = await createScratchDirectory("start-faults");
  await writeFile(join(dir.path, "demo.json"), JSON.stringify(createDemoDataset()));
});
afterAll(() => dir?.remove());

describe("a full disk", () => {
  const disks: TinyDisk[] = [];
  afterAll(async () => {
    for (const disk of disks) await disk.remove();
  });
  /** A tmpfs of its own under the scratch directory, or undefined (and a loud line) where mounting is refused. */
  async function disk(name: string, megabytes: number) {
    const mounted = await mountTinyDisk(join(dir.path, name), megabytes);
    if (typeof mounted === "string") {
      console.warn(
        `\n*** apps/server: SKIPPING the full-disk case: ${mounted}; run as root to cover it ***\n`,
      );
      return undefined;
    }
    disks.push(mounted);
    return mounted;
  }

  it("fails an import with a message naming the disk, and removes the store directory it made", async () => {
    // 4 MB: a new embedded store alone needs about 39 MB.
    const tiny = await disk("tiny-import", 4);
    if (!tiny) return;
    const store = join(tiny.path, "data");
    const result = await runWsafe(["import", "demo.json", "--database", store], { cwd: dir.path });
    expect(result.stderr).toBe(
      `wsafe: import failed, nothing was imported: no space left on the disk of ${store} (ENOSPC): free some space, or choose another --database\n`,
    );
    expect(result.code).toBe(1);
    expect(existsSync(store)).toBe(false);
  });

  it("stops `wsafe serve` at start with the same words, removing the store directory it made", async () => {
    const tiny = await disk("tiny-serve", 4);
    if (!tiny) return;
    const store = join(tiny.path, "data");
    const result = await runWsafe(["serve", "--port", "0", "--http", "--database", store], { cwd: dir.path });
    expect(result.stderr).toBe(
      `wsafe: cannot start: no space left on the disk of ${store} (ENOSPC): free some space, or choose another --database\n`,
    );
    expect(result.code).toBe(1);
    expect(existsSync(store)).toBe(false);
  });
});

describe("an unreachable database", () => {
  it("stops `wsafe serve` at start, naming the address and what to check, never the password", async () => {
    const port = await freePort();
    const result = await runWsafe(
      ["serve", "--port", "0", "--http", "--database", `postgres://wsafe:s3cret@127.0.0.1:${port}/wsafe`],
      { cwd: dir.path },
    );
    expect(result.stderr).toBe(
      `wsafe: cannot start: PostgreSQL at 127.0.0.1:${port} refused the connection (ECONNREFUSED): is it running, and does --database name its host and port?\n`,
    );
    expect(result.code).toBe(1);
  });
});
