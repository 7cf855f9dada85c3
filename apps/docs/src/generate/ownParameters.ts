// A method's own parameters: its request data without the envelope every method shares
// (`token`, `pretty`), which the index and client pages would otherwise repeat per row.
import { type MethodDefinition, requestEnvelopeShape } from "@wsafe/schema";

/** One parameter of a method, in schema order. */
export interface OwnParameter {
  name: string;
  required: boolean;
  /** Optional alone, but one of the method's `requiresOneOf`: a request sends it or another of them. */
  oneOf: boolean;
}

/** The parameters `method` takes besides `token` and `pretty`, read from its params schema. */
export function ownParameters(method: MethodDefinition): OwnParameter[] {
  return Object.entries(method.params.shape as Record<string, { isOptional(): boolean }>)
    .filter(([name]) => !(name in requestEnvelopeShape))
    .map(([name, field]) => ({
      name,
      required: !field.isOptional(),
      oneOf: method.requiresOneOf?.includes(name) ?? false,
    }));
}

/**
 * The parameters as a table cell: `` `user` `` for required ones, `` `id` (or `external_id`) ``
 * for one of several a request must send, `` `columns` (optional) `` otherwise; "none" when
 * there are none.
 */
export function ownParametersText(method: MethodDefinition): string {
  const parameters = ownParameters(method);
  if (!parameters.length) return "none";
  const others = (name: string) => (method.requiresOneOf ?? []).filter((other) => other !== name);
  return parameters
    .map(({ name, required, oneOf }) =>
      required
        ? `\`${name}\``
        : oneOf
          ? `\`${name}\` (or ${others(name)
              .map((other) => `\`${other}\``)
              .join(", ")})`
          : `\`${name}\` (optional)`,
    )
    .join(", ");
}
