import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { copyWorkingTree } from "./copyWorkingTree.js";
import { shellEnvironment } from "./shellEnvironment.js";

/** A scratch clone of the working tree with the README's set-up run in it, see {@link freshInstall}. */
export interface FreshInstall {
  /** The clone. */
  dir: string;
  /** The environment it was set up with: a shell's, with a PATH on which no pnpm or turbo outside the clone is found. */
  env: NodeJS.ProcessEnv;
  /** How `node scripts/setup.mjs` ended there. */
  setup: { status: number | null; stdout: string; stderr: string };
}

// One per run of `npm test` (its WSAFE_TEST_RUN_ID): the packaging suite checks it, then
// the release suite takes it over. Without a run id, each asks for its own.
const sharedBase = () =>
  process.env.WSAFE_TEST_RUN_ID
    ? join(tmpdir(), `wsafe-fresh-install-${process.env.WSAFE_TEST_RUN_ID}`)
    : undefined;

/** Makes one in `base` (`base/wsafe`, `base/setup.json`). */
function makeFreshInstall(root: string, base: string): FreshInstall {
  const dir = join(base, "wsafe");
  copyWorkingTree(root, dir);
  const env = shellEnvironment();
  env.PATH = execFileSync(process.execPath, [join(dir, "scripts", "isolatedPath.mjs")], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const run = spawnSync(process.execPath, ["scripts/setup.mjs"], {
    cwd: dir,
    env,
    encoding: "utf8",
    timeout: 300_000,
  });
  const setup = { status: run.status, stdout: run.stdout ?? "", stderr: run.stderr ?? "" };
  writeFileSync(join(base, "setup.json"), JSON.stringify({ env, setup }));
  return { dir, env, setup };
}

function readFreshInstall(base: string): FreshInstall | undefined {
  if (!existsSync(join(base, "setup.json"))) return undefined;
  const { env, setup } = JSON.parse(readFileSync(join(base, "setup.json"), "utf8")) as Omit<
    FreshInstall,
    "dir"
  >;
  return { dir: join(base, "wsafe"), env, setup };
}

/**
 * A scratch clone of the working tree (`copyWorkingTree`: what a clone of it would hold)
 * in which the README's set-up, `node scripts/setup.mjs`, ran as on a machine with only
 * Node and npm: a shell's environment whose PATH hides every pnpm and turbo outside the
 * clone (`scripts/isolatedPath.mjs`, as `.ci/run` does). Two suites need exactly this
 * (the packaging suite checks the set-up, the release suite releases from it), and a
 * set-up installs the whole workspace: within one `npm test` (`WSAFE_TEST_RUN_ID`) it is
 * made once, here, and the release suite takes it over ({@link takeFreshInstall}); the
 * caller removes it only when no run id shares it (`test.mjs` removes what is left).
 *
 * @param root - the checkout
 * @returns the clone, its environment and how the set-up ended (it does not throw when the set-up fails)
 */
export function freshInstall(root: string): FreshInstall {
  const base = sharedBase();
  if (!base) return makeFreshInstall(root, mkdtempSync(join(tmpdir(), "wsafe-fresh-install-")));
  const made = readFreshInstall(base);
  if (made) return made;
  rmSync(base, { recursive: true, force: true });
  mkdirSync(base, { recursive: true });
  return makeFreshInstall(root, base);
}

/**
 * Takes over this run's fresh install (see {@link freshInstall}) when the packaging suite
 * left one whose set-up passed, else makes one: either way a set-up scratch clone of the
 * working tree that the caller may change at will, and removes with `remove()`. (It is
 * used where it was made: pnpm's bins name their folder absolutely.)
 *
 * @param root - the checkout
 */
export function takeFreshInstall(root: string): FreshInstall & { remove(): Promise<void> } {
  const shared = sharedBase();
  const made = shared ? readFreshInstall(shared) : undefined;
  const base =
    made && made.setup.status === 0 ? shared! : mkdtempSync(join(tmpdir(), "wsafe-fresh-install-"));
  const install = base === shared ? made! : makeFreshInstall(root, base);
  return { ...install, remove: () => rm(base, { recursive: true, force: true }) };
}
