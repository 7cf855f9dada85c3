import { join } from "node:path";
import type { Consumer } from "./createConsumer.js";

/** How a server says which build it is: `wsafe --version`, and its readiness lines with the URL left out. */
export interface ReleaseLabels {
  version: string;
  readiness: string[];
}

/**
 * What the server a consumer installed says of its build: its `wsafe --version`, and the
 * readiness lines of a `wsafe serve` of it (`listening on URL`, and what follows the URL).
 *
 * @param consumer - a project with `@wsafe/server` installed
 * @param serveOutput - everything a `wsafe serve` of that package printed
 */
export async function releaseLabels(consumer: Consumer, serveOutput: string): Promise<ReleaseLabels> {
  const bin = join(consumer.dir, "node_modules", "@wsafe", "server", "bin", "wsafe.js");
  const { stdout } = await consumer.run(process.execPath, [bin, "--version"]);
  const readiness = serveOutput
    .split("\n")
    .filter((line) => line.startsWith("listening on "))
    .map((line) => line.replace(/^listening on https?:\/\/\S+/, "listening on URL"));
  return { version: stdout, readiness };
}

/**
 * What a release says: its version alone, and nothing after the URL. `changeset version`
 * consumed the changesets before its build; a build made while some are pending says it is
 * no release (`1.2.0+unreleased...`).
 *
 * @param version - the release
 */
export const releasedLabels = (version: string): ReleaseLabels => ({
  version: `${version}\n`,
  readiness: ["listening on URL"],
});
