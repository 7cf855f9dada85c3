import { demoTokens } from "../demo/demoTokens.js";
import { deliveriesOffMessage } from "../server/deliveriesOffMessage.js";
import { type BuildVersion, buildVersion } from "../version/buildVersion.js";
import { demoCurlLines } from "./demoCurlLines.js";
import type { ServeConfig } from "./resolveServeConfig.js";
import { say } from "./say.js";

/**
 * The lines `wsafe serve` prints for its user once it listens, in order: the docs site,
 * the demo's tokens and `curl` lines with `--demo`, the metrics URL, that webhook
 * deliveries are off with `--no-deliveries`, then the readiness line `listening on URL`,
 * always last and printed once. A build that is no release says so after the URL:
 * `listening on URL (wsafe 1.2.0+unreleased.3859895: not a release)`.
 *
 * @param config - the resolved `serve` options
 * @param url - where the API listens
 * @param metricsUrl - where `/metrics` is served, if anywhere
 * @param version - the server's version; absent, as for a release
 */
export function readyLines(
  config: Pick<ServeConfig, "docsDir" | "server" | "selfSignedCertPath">,
  url: string,
  metricsUrl: string | undefined,
  version?: BuildVersion,
): string[] {
  const lines: string[] = [];
  if (config.docsDir) lines.push(`documentation: ${url}/ (from ${config.docsDir})`);
  if (config.server.demo) {
    lines.push(`demo token (read): ${demoTokens.read}`);
    lines.push(`demo token (read and write): ${demoTokens.write}`);
    lines.push(
      "try:",
      ...demoCurlLines(url, config.selfSignedCertPath !== undefined).map((line) => `  ${line}`),
    );
  }
  if (metricsUrl) lines.push(`metrics on ${metricsUrl}`);
  if (config.server.webhooks?.deliver === false) lines.push(deliveriesOffMessage);
  lines.push(`listening on ${url}${version?.unreleased ? ` (wsafe ${version.label}: not a release)` : ""}`);
  return lines;
}

/**
 * Prints {@link readyLines} on stderr (stdout holds the JSON log alone).
 *
 * @param config - the resolved `serve` options
 * @param url - where the API listens
 * @param metricsUrl - where `/metrics` is served, if anywhere
 */
export function printReady(config: ServeConfig, url: string, metricsUrl: string | undefined): void {
  for (const line of readyLines(config, url, metricsUrl, buildVersion())) say(line);
}

/** What `serve` says about its certificate before it starts: where the self-signed one is, or whose it serves. */
export function certificateLine(
  config: Pick<ServeConfig, "selfSignedCertPath" | "tlsFiles">,
): string | undefined {
  if (config.selfSignedCertPath) return `self-signed certificate for localhost: ${config.selfSignedCertPath}`;
  const files = config.tlsFiles;
  if (!files) return undefined;
  const { subject, validTo } = files.loaded;
  const expired =
    validTo.getTime() <= Date.now() ? " - EXPIRED: clients refuse it; rotate it (SIGHUP reloads)" : "";
  return `certificate ${files.certFile} (${subject}, valid until ${validTo.toISOString()})${expired}`;
}
