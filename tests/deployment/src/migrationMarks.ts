import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/** A migration file and its upgrade mark. */
export interface MigrationMark {
  name: string;
  upgrade: "rolling" | "stop";
}

/**
 * The migrations of a server's `migrations/` folder in order, each with the mark of its
 * first line (`-- upgrade: rolling - <why>` or `-- upgrade: stop - <why>`): what the
 * Operate page's upgrade steps are made from.
 *
 * @param serverDirectory - an `apps/server` folder
 * @throws for a file without a mark: the server would refuse it too
 */
export async function migrationMarks(serverDirectory: string): Promise<MigrationMark[]> {
  const folder = join(serverDirectory, "migrations");
  const names = (await readdir(folder)).filter((name) => name.endsWith(".sql")).sort();
  return Promise.all(
    names.map(async (name) => {
      const mark = /^-- upgrade: (rolling|stop) - /.exec(await readFile(join(folder, name), "utf8"))?.[1];
      if (mark !== "rolling" && mark !== "stop") throw new Error(`migration ${name} has no upgrade mark`);
      return { name, upgrade: mark };
    }),
  );
}
