import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { freePort, type ServerProcess, startServerProcess } from "@wsafe/test-support";

/** A Verdaccio registry on loopback, and a publisher's token for it. */
export interface Registry {
  /** Its URL, with the trailing slash npm wants: `http://127.0.0.1:PORT/`. */
  url: string;
  /** `127.0.0.1:PORT`, the key of its token in an `.npmrc`. */
  host: string;
  /** A token that may publish, from Verdaccio's own `adduser` endpoint. */
  token: string;
  process: ServerProcess;
}

// Only @wsafe/* lives here, and there is no uplink: nothing reaches outside loopback.
// Consumers get every other package from the registry npm is configured with, through a
// scoped `@wsafe:registry` in their .npmrc.
const config = (storage: string, htpasswd: string) => `storage: ${storage}
auth:
  htpasswd:
    file: ${htpasswd}
uplinks: {}
packages:
  "@wsafe/*":
    access: $all
    publish: $authenticated
    unpublish: $authenticated
  "**":
    access: $all
    publish: $authenticated
web:
  enable: false
log: { type: stdout, format: pretty, level: warn }
`;

/**
 * Starts Verdaccio (the tests' own devDependency) with its config and storage in `dir`,
 * on a free port of 127.0.0.1, and adds a user to publish with.
 *
 * @param dir - an empty scratch directory
 * @example
 * const registry = await startRegistry(join(tmp, "registry"));
 * await registry.process.stop();
 */
export async function startRegistry(dir: string): Promise<Registry> {
  mkdirSync(join(dir, "storage"), { recursive: true });
  const file = join(dir, "config.yaml");
  writeFileSync(file, config(join(dir, "storage"), join(dir, "htpasswd")));
  const bin = createRequire(import.meta.url).resolve("verdaccio/bin/verdaccio");
  const port = await freePort();
  const server = await startServerProcess([bin, "--config", file, "--listen", `127.0.0.1:${port}`], {
    name: "verdaccio",
    cwd: dir,
    readyPattern: /http address - (http:\/\/\S+?)\/? - verdaccio/,
    timeoutMs: 60_000,
  });
  const url = `${server.url}/`;
  const user = await fetch(`${url}-/user/org.couchdb.user:wsafe-release`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "wsafe-release", password: "release-suite-only" }),
  });
  const { token } = (await user.json()) as { token?: string };
  if (!user.ok || !token) {
    await server.stop();
    throw new Error(`Verdaccio refused the publisher (${user.status})`);
  }
  return { url, host: new URL(url).host, token, process: server };
}
