import { type MethodName, methodNames, methodUrlPath } from "@wsafe/schema";

/**
 * Each registry method by its whole path (`/v1/resources.list`): one lookup of the path
 * as it arrived, rather than a prefix test, a slice and a lookup of the name (which
 * made a string per request). The lane and the `method_path` check both ask it.
 */
const methodsByPath = new Map<string, MethodName>(methodNames.map((name) => [methodUrlPath(name), name]));

/**
 * The method a request path names (the `method_path` check of `requestChecks` in `@wsafe/schema`), or `undefined`: the path must
 * be exactly `/v1/<method>` of a registry method; no trailing slash, no other version.
 *
 * @param path - the URL path, without the query string
 */
export function parseMethodPath(path: string): MethodName | undefined {
  return methodsByPath.get(path);
}
