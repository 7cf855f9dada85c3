import { execFile } from "node:child_process";
import { chmod } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

/** The reference deployment's folder: its templates and their renderer. */
export const deployDirectory = fileURLToPath(new URL("../../../deploy/", import.meta.url));

/**
 * Renders a template of `deploy/` as its README says (`node deploy/render.mjs TEMPLATE
 * OUTPUT`), with `env` as its only environment, and leaves the file readable by
 * everyone: PgBouncer reads it as the `postgres` user. (Nothing secret is in them here:
 * PostgreSQL trusts loopback on the test machine.)
 *
 * @param template - its file name in `deploy/`, e.g. `haproxy.cfg.template`
 * @param output - where to write the result
 * @param env - the `WSAFE_...` values
 */
export async function renderTemplate(template: string, output: string, env: Record<string, string>) {
  await promisify(execFile)(
    process.execPath,
    [`${deployDirectory}render.mjs`, `${deployDirectory}${template}`, output],
    {
      env,
    },
  );
  await chmod(output, 0o644);
}
