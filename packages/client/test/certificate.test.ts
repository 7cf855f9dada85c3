/**
 * A TLS certificate that Node refuses, against the real `wsafe serve --demo` with the
 * self-signed certificate it makes, as a newcomer meets it after `npm start`: one
 * attempt, a message that names the code and the fix, and the fix itself
 * (`NODE_EXTRA_CA_CERTS=<the path the server prints>`) working in a fresh Node.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  type DemoWithOwnCertificate,
  loadServer,
  type ServerProcess,
  serveDemoWithOwnCertificate,
  thrown,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RetryEvent } from "../src/ClientOptions.js";
import { createClient } from "../src/createClient.js";
import { ErrorCode } from "../src/errors/ErrorCode.js";
import type { WsafeTransportError } from "../src/errors/WsafeTransportError.js";

// The server is built by its own package; until its dist exists these tests skip, loudly.
const { server: built } = await loadServer("@wsafe/client: certificate tests");
const distEntry = fileURLToPath(new URL("../dist/index.js", import.meta.url));

describe.skipIf(!built)("a server certificate Node does not trust", () => {
  let demo: DemoWithOwnCertificate;
  let server: ServerProcess;
  let certPath: string;

  beforeAll(async () => {
    // As `npm start` runs it: the demo imported now, a self-signed certificate made and its path printed.
    demo = await serveDemoWithOwnCertificate("client-certificate");
    ({ server, certPath } = demo);
  }, 120_000);
  afterAll(async () => {
    await demo?.stop();
  });

  it("is tried once, and the error names the code and the fix", async () => {
    const retries: RetryEvent[] = [];
    // Default retries: before, 4 attempts in 1.6 s ended in `no reply (fetch failed)`.
    const client = createClient({
      baseUrl: server.url,
      token: "wsafe-demo-token-read",
      onRetry: (event) => retries.push(event),
    });
    const error = (await thrown(client.users.info({ user: "u_ada" }))) as WsafeTransportError;
    expect(retries).toEqual([]);
    expect(error).toMatchObject({ code: ErrorCode.TransportError, status: undefined });
    expect(error.meta.attempts).toBe(1);
    expect(error.message).toBe(
      "users.info: TLS certificate refused (DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate); " +
        "not retried. To trust it, start Node with NODE_EXTRA_CA_CERTS=<its PEM file>",
    );
  });

  it("is trusted with NODE_EXTRA_CA_CERTS=<the path the server printed>, as the docs say", () => {
    expect(existsSync(distEntry), `${distEntry} is built`).toBe(true);
    const script = `
      import { createClient } from ${JSON.stringify(distEntry)};
      const client = createClient({ baseUrl: ${JSON.stringify(server.url)}, token: "wsafe-demo-token-read" });
      console.log(JSON.stringify(await client.users.info({ user: "u_ada" })));`;
    const run = spawnSync(process.execPath, ["--no-warnings", "--input-type=module", "-e", script], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: certPath },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual({ ok: true, user: { id: "u_ada", name: "Ada Lovelace" } });
  });
});
