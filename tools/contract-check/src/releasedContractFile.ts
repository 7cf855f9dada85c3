import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * The released contract of the newest line in `dir`: `v2.json` once `/v2` was
 * accepted beside `v1.json`, which stays as the record of `/v1`. `v1.json` when the
 * folder holds none yet.
 *
 * @param dir - the folder of released snapshots, `packages/schema/contract`
 * @example
 * releasedContractFile("packages/schema/contract"); // ".../packages/schema/contract/v1.json"
 */
export function releasedContractFile(dir: string): string {
  const lines = existsSync(dir)
    ? readdirSync(dir)
        .map((file) => /^v(\d+)\.json$/.exec(file)?.[1])
        .filter((line): line is string => line !== undefined)
        .map(Number)
    : [];
  return join(dir, `v${lines.length ? Math.max(...lines) : 1}.json`);
}
