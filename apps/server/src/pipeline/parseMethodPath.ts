import { isMethodName, type MethodName } from "@wsafe/schema";

/**
 * The method a request path names (the `method_path` check of `requestChecks` in `@wsafe/schema`), or `undefined`: the path must
 * be exactly `/v1/<method>` of a registry method; no trailing slash, no other version.
 *
 * @param path - the URL path, without the query string
 */
export function parseMethodPath(path: string): MethodName | undefined {
  if (!path.startsWith("/v1/")) return undefined;
  const name = path.slice(4);
  return isMethodName(name) ? name : undefined;
}
