// `wsafe` on the PATH for a procedure run as written, as an install of @wsafe/server puts it.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { wsafeBin } from "@wsafe/test-support";

/** A folder holding a `wsafe` command that runs the workspace's server, as an install puts one on the PATH. */
export function wsafeOnPath(scratch: string): string {
  const bin = join(scratch, "bin");
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, "wsafe"), `#!/bin/sh\nexec "${process.execPath}" "${wsafeBin()}" "$@"\n`);
  chmodSync(join(bin, "wsafe"), 0o755);
  return bin;
}
