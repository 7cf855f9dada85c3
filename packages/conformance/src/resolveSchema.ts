/** A JSON Schema node. */
export type Schema = Record<string, unknown>;

/**
 * A JSON Schema node with its `$ref`s followed (into the root's `$defs`, or the root
 * itself), the referring node's own keywords (`default`, `description`) kept on top.
 *
 * @param schema - the node, e.g. a property of a params JSON Schema
 * @param root - the schema the node belongs to, for its `$defs`
 * @example
 * resolveSchema({ $ref: "#/$defs/ServiceType", default: "in" }, root); // { type: "string", enum: [...], default: "in" }
 */
export function resolveSchema(schema: unknown, root: Schema): Schema {
  let node = (schema ?? {}) as Schema;
  for (let depth = 0; typeof node.$ref === "string" && depth < 32; depth++) {
    const target =
      node.$ref === "#"
        ? root
        : (root.$defs as Record<string, Schema> | undefined)?.[node.$ref.replace("#/$defs/", "")];
    if (!target) break;
    const { $ref: _ref, ...siblings } = node;
    node = { ...target, ...siblings };
  }
  return node;
}
