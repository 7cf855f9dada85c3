// The try-it console imports `virtual:wsafe-client`. It is @wsafe/client when that
// package is built, and otherwise a stand-in with the same API, so that the docs build
// never fails on a sibling package that is not built yet.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const virtualId = "virtual:wsafe-client";
const resolvedId = `\0${virtualId}`;

/** Whether @wsafe/client resolves to a built entry file from `docsRoot`. */
export function isClientBuilt(docsRoot: string): boolean {
  try {
    const require = createRequire(join(docsRoot, "package.json"));
    const manifestPath = require.resolve("@wsafe/client/package.json");
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
      exports?: { ".": { default?: string; import?: string } | string };
      module?: string;
      main?: string;
    };
    const root = manifest.exports?.["."];
    const entry =
      typeof root === "string" ? root : (root?.import ?? root?.default ?? manifest.module ?? manifest.main);
    return Boolean(entry) && existsSync(join(dirname(manifestPath), entry!));
  } catch {
    return false;
  }
}

/** The part of a vite plugin this one uses (vite itself is Astro's dependency, not ours). */
interface VirtualModulePlugin {
  name: string;
  resolveId(id: string): string | undefined;
  load(this: { warn(message: string): void }, id: string): string | undefined;
}

/** The vite plugin that provides `virtual:wsafe-client`. */
export function wsafeClientModule(docsRoot: string, fallbackFile: string): VirtualModulePlugin {
  return {
    name: "wsafe:client-module",
    resolveId(id) {
      return id === virtualId ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      if (isClientBuilt(docsRoot)) {
        return `export { createClient } from "@wsafe/client";\nexport const clientName = "@wsafe/client";\n`;
      }
      this.warn(
        "@wsafe/client is not built: the try-it console uses its stand-in (src/tryIt/standInClient.ts)",
      );
      return `export { createClient } from ${JSON.stringify(fallbackFile)};\nexport const clientName = "stand-in client (@wsafe/client not built)";\n`;
    },
  };
}
