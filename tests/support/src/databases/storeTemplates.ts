import { execFile } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { buildOnce } from "../cache/buildOnce.js";
import { testCacheDirectory } from "../cache/testCacheDirectory.js";
import { serverDirectory } from "../workspace/serverDirectory.js";

const run = promisify(execFile);
const maker = fileURLToPath(new URL("../../bin/make-store-template.mjs", import.meta.url));
// Bump when what a template holds changes in a way the key below does not see.
const makerVersion = "2";

/**
 * What a template store holds: `migrated`, every migration of the server applied and
 * nothing else (what a server makes of an empty directory or database on first open);
 * `demo`, that plus the demo dataset (what `wsafe serve --demo` makes of an empty store).
 */
export type StoreTemplate = "migrated" | "demo";

const sha256 = (text: string | Buffer) => createHash("sha256").update(text).digest("hex");

/** The version of PGlite the server in `directory` loads: its files are that version's. */
function pgliteVersion(directory: string): string {
  try {
    const name = "@electric-sql/pglite";
    for (let at = dirname(createRequire(join(directory, "package.json")).resolve(name)); ; at = dirname(at)) {
      const manifest = join(at, "package.json");
      if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === name)
        return JSON.parse(readFileSync(manifest, "utf8")).version as string;
      if (dirname(at) === at) return "unknown";
    }
  } catch {
    return "unknown";
  }
}

/** The checksum of every file of a folder whose name passes `keep`, with the names, in name order. */
async function folderChecksum(folder: string, keep: (name: string) => boolean): Promise<string> {
  const names = (await readdir(folder, { recursive: true }).catch(() => [] as string[])).filter(keep).sort();
  const parts = await Promise.all(
    names.map(async (name) => `${name}:${sha256(await readFile(join(folder, name)).catch(() => ""))}`),
  );
  return sha256(parts.join("\n"));
}

/**
 * The key of a template: the migration files' names and checksums (what `migrate`
 * records), the PGlite version for the embedded store, the demo code and the day for
 * `demo` (its dates are relative to when it was imported: a template of another day
 * would hold other statuses). Another key, another template: a stale one is never used.
 *
 * @param template - which template
 * @param engine - `pglite` (the files depend on PGlite's version) or `postgres`
 * @param directory - the server's folder (see `serverDirectory`)
 */
export async function storeTemplateKey(
  template: StoreTemplate,
  engine: "pglite" | "postgres",
  directory = serverDirectory(),
): Promise<string> {
  const parts = [
    makerVersion,
    engine,
    engine === "pglite" ? pgliteVersion(directory) : "",
    await folderChecksum(join(directory, "migrations"), (name) => /^\d{4}_[\w-]+\.sql$/.test(name)),
  ];
  if (template === "demo")
    parts.push(
      await folderChecksum(join(directory, "dist", "demo"), (name) => name.endsWith(".js")),
      process.env.WSAFE_TEST_RUN_ID || new Date().toISOString().slice(0, 10),
    );
  return `${template}-${sha256(parts.join("|")).slice(0, 16)}`;
}

/**
 * Makes a template with the server's own code, in a process of its own (see
 * `bin/make-store-template.mjs`).
 *
 * @param database - the directory or PostgreSQL URL to make it in
 */
export async function makeStoreTemplate(
  template: StoreTemplate,
  database: string,
  directory = serverDirectory(),
): Promise<void> {
  await run(process.execPath, [maker, directory, database, template], {
    env: { ...process.env, NO_COLOR: "1" },
    timeout: 600_000,
    maxBuffer: 16 * 1024 * 1024,
  });
}

/**
 * Removes the embedded templates no process has used for two days before `newest` was
 * made: old migrations, old demos. Measured on the file system's clock alone (the
 * templates' times), never the process's: a suite run with its clock moved (`faketime`)
 * would otherwise find every template old, or none.
 */
async function pruneOldTemplates(folder: string, newest: string): Promise<void> {
  const old = (await stat(newest)).mtimeMs - 2 * 24 * 3600 * 1000;
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    if (name.endsWith(".building")) continue;
    const info = await stat(join(folder, name)).catch(() => undefined);
    if (info && info.mtimeMs < old) await rm(join(folder, name), { recursive: true, force: true });
  }
}

/**
 * Marks a template used, so that pruning keeps it: an entry made and removed in its
 * folder moves the folder's time to the file system's clock, whatever the process's.
 */
async function markUsed(target: string): Promise<void> {
  const marker = join(target, `.used-${process.pid}-${randomUUID()}`);
  await writeFile(marker, "");
  await rm(marker, { force: true });
}

const made = new Map<string, Promise<string | undefined>>();

/**
 * The embedded (PGlite) template store's directory, made once per key on this machine
 * whoever asks first (each process, worker and suite of a run shares it): copy it to
 * get a store in that state without paying for its creation (the WebAssembly initdb
 * alone costs 8-12 s of CPU; a copy about 0.8 s). Undefined when the server is not built:
 * the caller then starts from an empty directory, as before.
 *
 * @param template - which template
 * @param directory - the server's folder (see `serverDirectory`)
 * @example
 * const template = await pgliteStoreTemplate("migrated");
 * if (template) await cp(template, db.database, { recursive: true });
 */
export function pgliteStoreTemplate(
  template: StoreTemplate,
  directory = serverDirectory(),
): Promise<string | undefined> {
  const id = `${template} ${directory}`;
  let found = made.get(id);
  if (!found) {
    found = (async () => {
      if (!existsSync(join(directory, "dist", "index.js"))) return undefined;
      const folder = testCacheDirectory("pglite");
      const target = join(folder, await storeTemplateKey(template, "pglite", directory));
      if (!existsSync(target)) {
        await buildOnce(target, (content) => makeStoreTemplate(template, join(content, "data"), directory));
        await pruneOldTemplates(folder, target);
      }
      await markUsed(target);
      return join(target, "data");
    })();
    made.set(id, found);
    found.catch(() => made.delete(id));
  }
  return found;
}
