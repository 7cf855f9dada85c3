import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { buildOnce } from "./buildOnce.js";

const scratch = mkdtemp(join(tmpdir(), "wsafe-build-once-")).then((path) => ({ path }));
afterAll(async () => rm((await scratch).path, { recursive: true, force: true }));

describe(buildOnce, () => {
  it("builds once however many ask at the same time, and shows nothing half-made", async () => {
    const target = join((await scratch).path, "many");
    let builds = 0;
    const build = async (into: string) => {
      builds++;
      await writeFile(join(into, "first"), "1");
      await new Promise((resolve) => setTimeout(resolve, 200));
      await writeFile(join(into, "second"), "2");
    };
    const made = await Promise.all(Array.from({ length: 5 }, () => buildOnce(target, build)));
    expect(made).toEqual(Array(5).fill(target));
    expect(builds).toBe(1);
    expect((await readdir(target)).sort()).toEqual(["first", "second"]);
    expect(await readdir((await scratch).path)).toEqual(["many"]);
  });

  it("takes over the claim of a process that is gone", async () => {
    const target = join((await scratch).path, "orphan");
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => gone.once("exit", resolve));
    await mkdir(`${target}.building`);
    await writeFile(`${target}.building/pid`, String(gone.pid));
    await buildOnce(target, (into) => writeFile(join(into, "made"), "yes"));
    expect(await readFile(join(target, "made"), "utf8")).toBe("yes");
  });

  it("leaves no claim behind when the build fails, so the next one can try", async () => {
    const target = join((await scratch).path, "failing");
    await expect(buildOnce(target, () => Promise.reject(new Error("no space")))).rejects.toThrow("no space");
    await buildOnce(target, (into) => writeFile(join(into, "made"), "yes"));
    expect(await readdir(target)).toEqual(["made"]);
  });

  // A suite run under `faketime` (issue 47) has the process's clock a year ahead of the
  // files' times: a claim just made, its PID not yet written, looked a year old and was
  // taken from its maker, who then built beside the taker.
  it("waits for a fresh claim without a PID however far the process's clock is from the files'", async () => {
    const target = join((await scratch).path, "clock-ahead");
    await mkdir(`${target}.building`);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 365 * 86_400_000);
    try {
      let builds = 0;
      const waiting = buildOnce(target, async (into) => {
        builds++;
        await writeFile(join(into, "taken"), "");
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The maker goes on: its PID, then its target.
      await writeFile(`${target}.building/pid`, String(process.pid));
      await mkdir(target);
      await writeFile(join(target, "made"), "by its maker");
      await waiting;
      expect(builds).toBe(0);
      expect(await readdir(target)).toEqual(["made"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
