import fc from "fast-check";
import type { JsonSchema } from "../contract.js";
import { entries, items, type JsonModel, raw } from "../jsonText.js";
import { adversarialValue } from "./adversarialValue.js";

/**
 * Valid values for one parameter, derived from its JSON Schema; ids come from the
 * fixture's tenants (strings mostly drawn from `ids`, integers from its numeric ones).
 * A schema it cannot read gets {@link adversarialValue}.
 *
 * @param defs - the `$defs` its `$ref`s point into
 * @param ids - the fixture's ids
 * @param now - the instant drawn instants lie around (a test that pins the requests fixes it)
 * @example
 * fc.sample(validValue({ type: "integer", minimum: 1 }, {}, ["1042"]), 3); // e.g. [{ raw: "1042" }, { raw: "17" }, …]
 */
export function validValue(
  schema: JsonSchema,
  defs: Record<string, JsonSchema>,
  ids: string[],
  now = Date.now(),
): fc.Arbitrary<JsonModel> {
  if (schema.$ref) return validValue(defs[schema.$ref.replace("#/$defs/", "")]!, defs, ids, now);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => validValue(option, defs, ids, now)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case "boolean":
      return fc.boolean();
    case "integer":
      // An instant (the schema's `timestamp()` says so): mostly near now, where the rules
      // of a window (a retention, a default of now) and the statuses change.
      if (schema.description?.endsWith("Milliseconds since the Unix epoch."))
        return fc
          .oneof(
            {
              arbitrary: fc.integer({ min: -200, max: 200 }).map((days) => now + days * 86_400_000),
              weight: 4,
            },
            { arbitrary: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), weight: 1 },
          )
          .map((n) => raw(String(n)));
      return fc
        .oneof(
          fc.constantFrom(...ids.filter((id) => /^\d+$/.test(id)).map(Number)),
          fc.integer({ min: schema.minimum ?? 0, max: 1_000_000 }),
          fc.constant(schema.maximum ?? Number.MAX_SAFE_INTEGER),
        )
        .map((n) => raw(String(n)));
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => raw(JSON.stringify(n)));
    case "array":
      return fc
        .array(validValue(schema.items ?? {}, defs, ids, now), { maxLength: 6 })
        .map((values) => items(...values));
    case "null":
      return fc.constant(null);
    case "object":
      return validObject(schema, defs, ids, now);
    case "string":
      return fc.oneof(
        { arbitrary: fc.constantFrom(...ids), weight: 4 },
        {
          arbitrary: fc.string({ unit: "grapheme", minLength: schema.minLength ?? 0, maxLength: 30 }),
          weight: 1,
        },
      );
    default:
      return adversarialValue();
  }
}

/**
 * A valid object: its required properties, some of its optional ones, and for a map
 * (`additionalProperties`, such as `metavalues`) a few keys drawn from the ids, each with
 * a valid value. Keys repeat across draws, so a rule on them (a metafield of the type, an
 * id given twice in a list of such objects) is met as often as broken.
 */
function validObject(
  schema: JsonSchema,
  defs: Record<string, JsonSchema>,
  ids: string[],
  now: number,
): fc.Arbitrary<JsonModel> {
  const required = new Set(schema.required ?? []);
  const named = Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const value = validValue(property, defs, ids, now);
    const pair = value.map((v): [string, JsonModel] => [name, v]);
    return required.has(name) ? pair : fc.option(pair, { nil: undefined });
  });
  const additional = schema.additionalProperties;
  const more =
    additional && typeof additional === "object"
      ? fc.array(
          fc
            .tuple(fc.constantFrom(...ids), validValue(additional, defs, ids, now))
            .map(([key, value]): [string, JsonModel] => [key, value]),
          { maxLength: 3 },
        )
      : fc.constant([] as [string, JsonModel][]);
  return fc
    .tuple(fc.tuple(...named), more)
    .map(([pairs, extra]) =>
      entries(...pairs.filter((pair): pair is [string, JsonModel] => pair !== undefined), ...extra),
    );
}
