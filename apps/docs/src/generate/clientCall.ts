// A method's call through @wsafe/client as a reader types it, from the registry's
// examples; shared by the client pages so that every snippet sends real request data.
import type { MethodDefinition } from "@wsafe/schema";

/** `{ user: "u_ada" }`: request data as a TypeScript object literal, keys unquoted where they may be. */
export function objectLiteral(value: Record<string, unknown>): string {
  const entries = Object.entries(value);
  if (!entries.length) return "{}";
  const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
  return `{ ${entries.map(([name, item]) => `${key(name)}: ${JSON.stringify(item)}`).join(", ")} }`;
}

/**
 * `await client.users.info({ user: "u_ada" });`: the call with the request data of the
 * method's first successful example, `token` left to the client. `options`, when given,
 * is the source text of the per-call options argument.
 */
export function clientCall(method: MethodDefinition, options?: string): string {
  const example = method.examples.find((candidate) => candidate.response.ok) ?? method.examples[0]!;
  const { token: _token, ...params } = example.request as Record<string, unknown>;
  const args = [Object.keys(params).length || options ? objectLiteral(params) : "", options].filter(Boolean);
  return `await client.${method.name}(${args.join(", ")});`;
}
