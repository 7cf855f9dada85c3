// A newer version of the server, as far as migrations go: what a release after this build
// would be when it brings one more migration. The server finds its migrations beside its
// `dist/` (`../../../migrations` from `dist/store/database/`), so the copy holds its own
// `dist/` and `migrations/`, not links: Node resolves a linked module to its real folder.
import { cp, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { workspaceServerDirectory } from "@wsafe/test-support";

/** A scratch copy of this build's server with more migrations, see {@link newerServer}. */
export interface NewerServer {
  /** Its `apps/server`: what `startTopology`'s `restart` takes as `serverDirectory`. */
  dir: string;
  /** Removes the copy. */
  remove(): Promise<void>;
}

/**
 * Copies this build's server (`bin/`, `dist/`, `migrations/`, `package.json`; its
 * dependencies linked) into a scratch folder and adds the migration files `extra`
 * (name → text, the first line its upgrade mark): a server that knows every migration
 * of this build and those, and applies them at its start.
 *
 * @param extra - the newer migrations
 * @example
 * const newer = await newerServer({ "9001_x.sql": "-- upgrade: rolling - ...\nCREATE TABLE x (id int);" });
 * await topology.restart(server, {}, newer.dir);
 */
export async function newerServer(extra: Record<string, string>): Promise<NewerServer> {
  const root = await mkdtemp(join(tmpdir(), "wsafe-newer-server-"));
  const dir = join(root, "apps", "server");
  try {
    for (const entry of ["bin", "dist", "migrations", "package.json"])
      await cp(join(workspaceServerDirectory, entry), join(dir, entry), { recursive: true });
    await symlink(join(workspaceServerDirectory, "node_modules"), join(dir, "node_modules"), "dir");
    for (const [name, text] of Object.entries(extra)) await writeFile(join(dir, "migrations", name), text);
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  return { dir, remove: () => rm(root, { recursive: true, force: true }) };
}
