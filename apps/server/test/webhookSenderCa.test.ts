// `ca` given for deliveries adds to what Node trusts by default, never replaces it: an
// operator who trusts a private authority for some endpoints still reaches every other.
// Node's default store is fixed when a process starts (its roots, and NODE_EXTRA_CA_CERTS),
// so the sender runs in a child process (the built package) that trusts one test
// authority by default and is given another as `ca`. Receivers on 127.0.0.1.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { testCertificate } from "@wsafe/test-support";
import { generate } from "selfsigned";
import { afterEach, describe, expect, it } from "vitest";
import { closeReceivers, localReceiver } from "./support/localReceiver.js";

const sender = fileURLToPath(new URL("../dist/webhooks/sendDelivery.js", import.meta.url));
afterEach(closeReceivers);

/** A certificate for localhost and 127.0.0.1 of its own key: an authority of its own. */
async function ownCertificate() {
  const made = await generate([{ name: "commonName", value: "localhost" }], {
    keyType: "ec",
    algorithm: "sha256",
    extensions: [
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: "localhost" },
          { type: 7, ip: "127.0.0.1" },
        ],
      },
    ],
  });
  return { cert: made.cert, key: made.private };
}

/** Sends one delivery to each URL from a new Node process, as a server's worker would, and answers each result. */
async function sendFromChild(urls: string[], ca: string, extraCaFile: string) {
  const script = `
    const { sendDelivery } = await import(${JSON.stringify(sender)});
    const results = [];
    for (const url of ${JSON.stringify(urls)})
      results.push(await sendDelivery(
        { url, headers: { "webhook-id": "ev_1" }, body: "{}" },
        { allowPrivate: true, allowHttp: false, ca: ${JSON.stringify(ca)} },
      ));
    console.log(JSON.stringify(results));`;
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: extraCaFile },
  });
  return JSON.parse(stdout) as { ok: boolean; status?: number; error?: string }[];
}

describe("the ca given for deliveries", () => {
  it("is trusted beside Node's defaults, which still reach every other endpoint", async () => {
    const trustedByDefault = await testCertificate();
    const given = await ownCertificate();
    const stranger = await ownCertificate();
    const answer = (_req: unknown, res: { writeHead(status: number): { end(): void } }) =>
      res.writeHead(204).end();
    const byDefault = await localReceiver(answer, { tls: trustedByDefault });
    const byGiven = await localReceiver(answer, { tls: given });
    const byNeither = await localReceiver(answer, { tls: stranger });
    const directory = await mkdtemp(join(tmpdir(), "wsafe-ca-"));
    try {
      const extraCaFile = join(directory, "extra-ca.pem");
      await writeFile(extraCaFile, trustedByDefault.cert);
      const results = await sendFromChild(
        [byDefault.url, byGiven.url, byNeither.url],
        given.cert,
        extraCaFile,
      );
      expect(results.map((result) => result.status ?? result.error)).toEqual([
        204,
        204,
        "TLS: self-signed certificate",
      ]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
