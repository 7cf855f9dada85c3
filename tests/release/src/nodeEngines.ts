import { supportedNodeMajors } from "./nodeBuilds.js";

/**
 * The first release of each supported line that the packages need: `require()` of ESM
 * without a flag came in 20.19 and 22.12; 24 has it from its first release.
 */
const firstSupported: Record<(typeof supportedNodeMajors)[number], string> = {
  20: "20.19.0",
  22: "22.12.0",
  24: "24.0.0",
};

/**
 * `engines.node` of every published package, from {@link supportedNodeMajors}: each
 * line from its first supported release, the newest line and what follows it open.
 *
 * @example
 * supportedEnginesRange(); // "^20.19.0 || ^22.12.0 || >=24.0.0"
 */
export function supportedEnginesRange(): string {
  return supportedNodeMajors
    .map((major, index) =>
      index === supportedNodeMajors.length - 1 ? `>=${firstSupported[major]}` : `^${firstSupported[major]}`,
    )
    .join(" || ");
}

/**
 * Whether a Node version is within {@link supportedEnginesRange}.
 *
 * @param version - e.g. `22.23.5`
 */
export function isSupportedNode(version: string): boolean {
  const [major, minor, patch] = version.split(".").map(Number) as [number, number, number];
  return supportedNodeMajors.some((line, index) => {
    const [, fromMinor, fromPatch] = firstSupported[line].split(".").map(Number) as [number, number, number];
    const last = index === supportedNodeMajors.length - 1;
    if (last ? major < line : major !== line) return false;
    return major > line || minor > fromMinor || (minor === fromMinor && patch >= fromPatch);
  });
}
