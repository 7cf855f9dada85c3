import { readFileSync } from "node:fs";
import { rootCertificates } from "node:tls";

/** What Node trusts by default: its root store, and `NODE_EXTRA_CA_CERTS` when set (read once). */
let defaultRoots: readonly string[] | undefined;

const withRoots = new WeakMap<readonly string[], readonly string[]>();

function systemRoots(): readonly string[] {
  if (defaultRoots) return defaultRoots;
  const extraFile = process.env.NODE_EXTRA_CA_CERTS;
  let extra: string[] = [];
  try {
    if (extraFile) extra = [readFileSync(extraFile, "utf8")];
  } catch {
    // Node itself warns at start when the file cannot be read, and trusts without it.
  }
  defaultRoots = [...rootCertificates, ...extra];
  return defaultRoots;
}

/**
 * The certificate authorities a delivery trusts when extra ones are given: Node's `ca`
 * option replaces its default roots, so the defaults (Node's root store and
 * `NODE_EXTRA_CA_CERTS`) are put back beside the given ones. An endpoint on a private
 * authority and one with a public certificate are then both reached.
 *
 * @param ca - one PEM text (several certificates allowed) or a list of them
 * @returns the default roots and `ca`, the same array for the same list
 * @example
 * https.request(url, { ca: withSystemRoots(privateCa) });
 */
export function withSystemRoots(ca: string | readonly string[]): readonly string[] {
  const given = typeof ca === "string" ? [ca] : ca;
  let all = withRoots.get(given);
  if (!all) {
    all = [...systemRoots(), ...given];
    if (typeof ca !== "string") withRoots.set(given, all);
  }
  return all;
}
