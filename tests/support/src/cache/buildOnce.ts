import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Makes `target` once, whatever the number of processes asking at the same time: the
 * first to claim `<target>.building` (an atomic `mkdir`) runs `build` into a fresh
 * directory and renames it to `target`; the others wait for `target` to appear. A
 * claim left by a process that is gone is taken over. Nothing half-made is ever seen
 * at `target`.
 *
 * @param target - the directory to make
 * @param build - writes the content into the directory it is given (which exists)
 * @param timeoutMs - how long a waiter waits for another builder; default 10 minutes
 * @returns `target`
 */
export async function buildOnce(
  target: string,
  build: (directory: string) => Promise<void>,
  timeoutMs = 600_000,
): Promise<string> {
  const claim = `${target}.building`;
  const deadline = performance.now() + timeoutMs;
  // Since when this waiter has found a claim without a PID (on its own clock, never the
  // file's time against the process's clock: a suite run under `faketime` has the two apart).
  let pidlessSince: number | undefined;
  while (!(await exists(target))) {
    if (performance.now() > deadline)
      throw new Error(`${target} was not made within ${timeoutMs} ms (see ${claim})`);
    try {
      await mkdir(claim, { recursive: false });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        await mkdir(claim.slice(0, claim.lastIndexOf("/")), { recursive: true });
        continue;
      }
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // Another process builds it: wait, unless that process is gone.
      const holder = Number(await readFile(`${claim}/pid`, "utf8").catch(() => ""));
      pidlessSince = holder ? undefined : (pidlessSince ?? performance.now());
      const pidlessForMs = pidlessSince === undefined ? 0 : performance.now() - pidlessSince;
      // No PID for 30 s: its maker died between the two steps.
      if ((holder > 0 && !isRunning(holder)) || pidlessForMs > 30_000) {
        await rm(claim, { recursive: true, force: true });
        pidlessSince = undefined;
      } else await sleep(100);
      continue;
    }
    try {
      await writeFile(`${claim}/pid`, String(process.pid));
      const content = `${claim}/content`;
      await mkdir(content);
      await build(content);
      await rename(content, target);
    } finally {
      await rm(claim, { recursive: true, force: true });
    }
  }
  return target;
}
