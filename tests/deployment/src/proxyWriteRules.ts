import { type MethodName, methodNames, methods, readMethodVerbs, streams } from "@wsafe/schema";

/** Every method of the registry that needs `write`, in registry order: what the proxy must never replay. */
export const writeMethods: readonly MethodName[] = methodNames.filter(
  (name) => methods[name].permission === "write",
);

/** The first line of the block of `deploy/haproxy.cfg.template` that this module writes. */
export const blockStart = "    # BEGIN write methods, generated from the name rule of @wsafe/schema";
/** Its last line. */
export const blockEnd = "    # END write methods";

/** A name inside an HAProxy regular expression: its dots taken literally. */
const regexName = (name: string) => name.replaceAll(".", "\\.");

/** What the proxy's rules are written from: the schema's read verbs and its subscriptions. */
export interface ReadRules {
  /** The last words of a read method's name (`readMethodVerbs`). */
  readonly verbs: readonly string[];
  /** The subscriptions, served on `/trpc/<name>`, which write nothing (`streams`). */
  readonly streams: readonly string[];
}

/** The rules of this schema: its read verbs and its subscriptions. */
export const schemaReadRules: ReadRules = { verbs: readMethodVerbs, streams: Object.keys(streams) };

/**
 * The regular expressions (as HAProxy reads them: PCRE or POSIX extended, either) of the
 * API paths that only read: a /v1 method whose name ends in a read verb, a tRPC call or
 * batch of such methods only (read percent-decoded, as tRPC's router reads the path), and
 * a subscription. Every other path under `/v1/` or `/trpc/` is a write: the name rule of
 * `isWriteMethod`, which the client keys and retries by, so a new write method is never
 * replayed, with no edit here.
 *
 * @param rules - the read verbs and subscriptions
 */
export function readPathPatterns(rules: ReadRules = schemaReadRules) {
  if (rules.verbs.length === 0) throw new Error("no read verb: the schema names none");
  const read = `[^/,]*\\.(${rules.verbs.join("|")})`;
  return {
    v1: `^/v1/[^/]*\\.(${rules.verbs.join("|")})$`,
    trpc: `^/trpc/(${read},)*${read}$`,
    ...(rules.streams.length > 0 ? { streams: `^/trpc/(${rules.streams.map(regexName).join("|")})$` } : {}),
  };
}

/**
 * The lines of HAProxy configuration that tell an API call that writes (ACL `wsafe_api`
 * without `wsafe_read`) from one that only reads, by the schema's name rule.
 *
 * @param rules - the read verbs and subscriptions; default the schema's
 * @example
 * writeRulesBlock().join("\n");
 * // acl wsafe_api path_beg /v1/ /trpc/
 * // acl wsafe_read path_reg ^/v1/[^/]*\.(list|info|changes|deliveries)$
 * // ...
 */
export function writeRulesBlock(rules: ReadRules = schemaReadRules): string[] {
  const patterns = readPathPatterns(rules);
  return [
    blockStart,
    "    # (`pnpm --filter @wsafe/deployment run proxy-rules` writes it; a test fails when it is stale).",
    "    # A call is a write unless its name ends in a read verb, as the client tells one: a new",
    "    # write method needs no line here.",
    "    acl wsafe_api path_beg /v1/ /trpc/",
    `    acl wsafe_read path_reg '${patterns.v1}'`,
    `    acl wsafe_read path,url_dec -m reg '${patterns.trpc}'`,
    ...(patterns.streams ? [`    acl wsafe_read path,url_dec -m reg '${patterns.streams}'`] : []),
    blockEnd,
  ];
}

/**
 * Whether the proxy's rules (see {@link readPathPatterns}) treat a request's path as a
 * write, read as HAProxy reads it: the raw path for `/v1`, percent-decoded for `/trpc`.
 *
 * @param path - the request's path, without its query string
 * @param rules - the read verbs and subscriptions
 */
export function proxyTreatsAsWrite(path: string, rules: ReadRules = schemaReadRules): boolean {
  if (!path.startsWith("/v1/") && !path.startsWith("/trpc/")) return false;
  const patterns = readPathPatterns(rules);
  if (new RegExp(patterns.v1).test(path)) return false;
  const decoded = decodeURIComponent(path);
  return ![patterns.trpc, patterns.streams]
    .filter((pattern) => pattern !== undefined)
    .some((pattern) => new RegExp(pattern).test(decoded));
}

/**
 * The template with its block of write rules replaced by `writeRulesBlock(rules)`.
 *
 * @param template - the text of `deploy/haproxy.cfg.template`
 * @param rules - the read verbs and subscriptions; default the schema's
 * @throws {Error} when the template holds no block, or more than one
 */
export function withWriteRules(template: string, rules: ReadRules = schemaReadRules): string {
  const lines = template.split("\n");
  const start = lines.findIndex((line) => line.startsWith("    # BEGIN write methods"));
  const end = lines.indexOf(blockEnd);
  if (
    start < 0 ||
    end < start ||
    lines.findLastIndex((line) => line.startsWith("    # BEGIN write methods")) !== start
  ) {
    throw new Error(`the template must hold one block from "${blockStart.trim()}" to "${blockEnd.trim()}"`);
  }
  return [...lines.slice(0, start), ...writeRulesBlock(rules), ...lines.slice(end + 1)].join("\n");
}
