import { type MethodName, methodNames, methods } from "@wsafe/schema";

/** Every method of the registry that needs `write`, in registry order: what the proxy must never replay. */
export const writeMethods: readonly MethodName[] = methodNames.filter(
  (name) => methods[name].permission === "write",
);

/** The first line of the block of `deploy/haproxy.cfg.template` that this module writes. */
export const blockStart = "    # BEGIN write methods, generated from the method registry of @wsafe/schema";
/** Its last line. */
export const blockEnd = "    # END write methods";

/** A method's wire name inside an HAProxy regular expression: its dots taken literally. */
const regexName = (name: string) => name.replaceAll(".", "\\.");

/**
 * The lines of HAProxy configuration that name the write methods as the ACL `wsafe_write`:
 * `/v1/<method>` exactly as the server routes it (the raw path, GET or POST alike), and
 * any `/trpc` call or batch (`/trpc/<method>,<method>?batch=1`) that holds one, read
 * percent-decoded as tRPC's router reads the path (`%2E` is a dot there).
 *
 * @param names - the write methods, e.g. `writeMethods`
 * @example
 * writeRulesBlock(["inspections.record"]).join("\n");
 * // acl wsafe_write path /v1/inspections.record
 * // acl wsafe_write path,url_dec -m reg '^/trpc/([^/]*,)?(inspections\.record)(,|$)'
 */
export function writeRulesBlock(names: readonly string[]): string[] {
  if (names.length === 0) throw new Error("no write method: the registry names none");
  return [
    blockStart,
    "    # (`pnpm --filter @wsafe/deployment run proxy-rules` writes it; a test fails when it is stale).",
    `    acl wsafe_write path ${names.map((name) => `/v1/${name}`).join(" ")}`,
    `    acl wsafe_write path,url_dec -m reg '^/trpc/([^/]*,)?(${names.map(regexName).join("|")})(,|$)'`,
    blockEnd,
  ];
}

/**
 * The template with its block of write methods replaced by `writeRulesBlock(names)`.
 *
 * @param template - the text of `deploy/haproxy.cfg.template`
 * @param names - the write methods
 * @throws {Error} when the template holds no block, or more than one
 */
export function withWriteRules(template: string, names: readonly string[]): string {
  const lines = template.split("\n");
  const start = lines.indexOf(blockStart);
  const end = lines.indexOf(blockEnd);
  if (start < 0 || end < start || lines.lastIndexOf(blockStart) !== start) {
    throw new Error(`the template must hold one block from "${blockStart.trim()}" to "${blockEnd.trim()}"`);
  }
  return [...lines.slice(0, start), ...writeRulesBlock(names), ...lines.slice(end + 1)].join("\n");
}
