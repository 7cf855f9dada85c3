import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * The nearest directory at or above `from` that holds `pnpm-workspace.yaml`, so that
 * the default snapshot paths work from the root, from a package, or under `pnpm --filter`.
 * Falls back to `from` itself outside a workspace.
 */
export function findWorkspaceRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "pnpm-workspace.yaml"))) return dir;
    if (dirname(dir) === dir) return from;
  }
}
