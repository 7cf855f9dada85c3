import { isMethodName, type MethodName, methodUrlPath } from "@wsafe/schema";

/** What every method's path starts with: `/v1/`, from the schema's `methodUrlPath`. */
const methodPathPrefix = methodUrlPath("");

/**
 * The method a request path names (the `method_path` check of `requestChecks` in `@wsafe/schema`), or `undefined`: the path must
 * be exactly `/v1/<method>` of a registry method; no trailing slash, no other version.
 *
 * @param path - the URL path, without the query string
 */
export function parseMethodPath(path: string): MethodName | undefined {
  if (!path.startsWith(methodPathPrefix)) return undefined;
  const name = path.slice(methodPathPrefix.length);
  return isMethodName(name) ? name : undefined;
}
