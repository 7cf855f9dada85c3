import { code } from "./markdown.js";

/**
 * The shell block that runs a Node script against the demo server of `npm start`,
 * trusting its self-signed certificate with `NODE_EXTRA_CA_CERTS` (Node reads it only
 * when it starts, so it goes on the command). One wording for every page that shows it.
 *
 * @param scriptFile - the script the reader saved
 * @example
 * demoCertificateCommand("paginate.mjs"); // a ```sh block: "NODE_EXTRA_CA_CERTS=... node paginate.mjs"
 */
export function demoCertificateCommand(scriptFile: string): string {
  return code(
    "sh",
    [
      "# the path npm start printed after `self-signed certificate for localhost:`",
      `NODE_EXTRA_CA_CERTS=/path/to/wsafe/.wsafe/tls/localhost-cert.pem node ${scriptFile}`,
    ].join("\n"),
  );
}
