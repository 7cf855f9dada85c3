/**
 * Where a function's code lives, to group profile samples by: a package name, a Node
 * module (`node:` internals together, or by module with `nodeModules: "apart"`), or a
 * file of ours relative to the repository (`apps/server/dist/...`).
 *
 * @param {string} location - a script URL, optionally followed by `:line:column`
 * @param {{ nodeModules?: "together" | "apart" }} [options]
 */
export function codePlace(location, { nodeModules = "together" } = {}) {
  if (!location) return "(native / V8)";
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(location);
  if (pkg) return pkg[1];
  if (location.startsWith("node:")) {
    if (nodeModules === "together") return "node: internals";
    // node:internal/streams/writable -> node:internal/streams; node:_http_server stays.
    return `node:${/^node:([\w/]+?)(?:\/\w+)?(?::\d+)*$/.exec(location)?.[1] ?? location.slice(5)}`;
  }
  return location.replace(/^file:\/\/.*?\/(apps|packages|bench)\//, "$1/").replace(/(?::\d+)+$/, "");
}
