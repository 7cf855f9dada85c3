import type * as z from "zod";
import { unwrapSchema } from "./schemaAt.js";

// How the contract describes a timestamp (`timestamp()` in records/primitives.ts).
const timestampWords = "Milliseconds since the Unix epoch";

type Def = { type: string } & Record<string, unknown>;

function descriptions(schema: z.core.$ZodType): string {
  // The description sits on the outermost schema (`z.int().nullable().describe(...)`) or an inner one.
  let text = "";
  for (let at: z.core.$ZodType | undefined = schema; at; ) {
    text += ` ${(at as { description?: string }).description ?? ""}`;
    const def = at._zod.def as unknown as Def;
    at = "innerType" in def ? (def.innerType as z.core.$ZodType) : undefined;
  }
  return text;
}

/**
 * What a schema accepts, in the words of a sentence: "a string", "an integer (ms since
 * the epoch) or null", "true or false", `one of "read", "write"`, "a number, a string or
 * an object". Only for problems people read; the schema itself stays the rule.
 *
 * @param schema - the schema of one field
 * @example
 * expectedValue(z.int().describe("When. Milliseconds since the Unix epoch.")); // "an integer (ms since the epoch)"
 */
export function expectedValue(schema: z.core.$ZodType): string {
  const { inner, nullable } = unwrapSchema(schema);
  const def = inner._zod.def as unknown as Def;
  let words: string;
  switch (def.type) {
    case "string":
      words = "a string";
      break;
    case "number":
      words = /int/.test(String(def.format ?? "")) ? "an integer" : "a number";
      if (descriptions(schema).includes(timestampWords)) words += " (ms since the epoch)";
      break;
    case "boolean":
      words = "true or false";
      break;
    case "array":
      words = "a list";
      break;
    case "object":
    case "record":
      words = "an object";
      break;
    case "enum":
      words = `one of ${Object.values(def.entries as Record<string, string>)
        .map((value) => JSON.stringify(value))
        .join(", ")}`;
      break;
    case "literal":
      words = (def.values as unknown[]).map((value) => JSON.stringify(value)).join(" or ");
      break;
    case "union": {
      const options = (def.options as z.core.$ZodType[]).map(expectedValue);
      words =
        options.length > 1 ? `${options.slice(0, -1).join(", ")} or ${options.at(-1)}` : (options[0] ?? "");
      break;
    }
    case "null":
      return "null";
    default:
      words = def.type;
  }
  return nullable ? `${words} or null` : words;
}
