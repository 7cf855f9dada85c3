// Every example in the published OpenAPI documents validates against the schema it
// stands under, as Spectral's oas3-valid-media-example and Redocly's
// no-invalid-media-type-examples check; and every registry example is shown where it
// belongs. Once, a refused request (an unknown parameter) stood under the request body
// whose schema refuses it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { methods } from "./registry.js";
import { packageDir, strictAjv } from "./testing/ajv.js";
import { methodUrlPath } from "./wire.js";

type Json = Record<string, unknown>;
type MediaType = { schema: Json; examples?: Record<string, Json> };

const documents = {
  "openapi.json": JSON.parse(readFileSync(join(packageDir, "generated", "openapi.json"), "utf8")),
  "openapi-3.2.json": JSON.parse(readFileSync(join(packageDir, "generated", "openapi-3.2.json"), "utf8")),
};

/** One example found in a document, with the schema it stands under. */
interface FoundExample {
  where: string;
  schema: Json;
  value: unknown;
}

/** Every media type object of an operation that holds examples, by its JSON path. */
function mediaTypes(path: string, operation: Json): [string, MediaType][] {
  const found: [string, MediaType][] = [];
  const body = operation.requestBody as { content: Record<string, MediaType> } | undefined;
  for (const [type, media] of Object.entries(body?.content ?? {}))
    found.push([`${path}.requestBody.content[${type}]`, media]);
  for (const [index, parameter] of (
    (operation.parameters ?? []) as { content?: Record<string, MediaType> }[]
  ).entries())
    for (const [type, media] of Object.entries(parameter.content ?? {}))
      found.push([`${path}.parameters[${index}].content[${type}]`, media]);
  for (const [status, response] of Object.entries(operation.responses as Record<string, Json>))
    for (const [type, media] of Object.entries((response.content ?? {}) as Record<string, MediaType>))
      found.push([`${path}.responses[${status}].content[${type}]`, media]);
  return found;
}

/** Every example of a document: `value`, and the 3.2 `dataValue`. */
function examplesOf(document: Json): FoundExample[] {
  const found: FoundExample[] = [];
  for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, Json>>))
    for (const [verb, operation] of Object.entries(operations))
      for (const [where, media] of mediaTypes(`${path}.${verb}`, operation))
        for (const [name, example] of Object.entries(media.examples ?? {}))
          for (const key of ["value", "dataValue"])
            if (key in example)
              found.push({
                where: `${where}.examples.${name}.${key}`,
                schema: media.schema,
                value: example[key],
              });
  return found;
}

/** A validator of one schema of the document, its components reachable as `$defs`. */
function compile(document: Json, schema: Json) {
  const components = (document.components as { schemas: Json }).schemas;
  const text = JSON.stringify({ $defs: components, ...schema }).replaceAll(
    "#/components/schemas/",
    "#/$defs/",
  );
  return strictAjv().compile(JSON.parse(text));
}

describe.each(Object.entries(documents))("the examples of %s", (_file, document) => {
  const examples = examplesOf(document);

  it("are there", () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it.each(examples.map((example) => [example.where, example] as const))(
    "%s fits its schema",
    (_where, example) => {
      const validate = compile(document, example.schema);
      expect(validate(example.value), JSON.stringify(validate.errors)).toBe(true);
    },
  );

  it.each(Object.values(methods))("show every example of $name where it belongs", (method) => {
    const operations = document.paths[methodUrlPath(method.name)];
    const accepted = method.examples.filter((example) => method.params.safeParse(example.request).success);
    // The registry holds at least one refused request, so this test can tell the two apart.
    const responseValues = (operation: Json) =>
      Object.values(
        (operation.responses as Record<string, { content: Record<string, MediaType> }>)["200"]!.content[
          "application/json"
        ]!.examples!,
      ).map((example) => example.value);
    for (const operation of [operations.post, operations.get])
      expect(responseValues(operation)).toEqual(method.examples.map((example) => example.response));
    const bodyValues = Object.values(
      operations.post.requestBody.content["application/json"].examples as Record<string, Json>,
    ).map((example) => example.value);
    expect(bodyValues).toEqual(accepted.map((example) => example.request));
    if (document.openapi === "3.2.0") {
      const queryValues = Object.values(
        operations.get.parameters[0].content["application/json"].examples as Record<string, Json>,
      ).map((example) => example.dataValue);
      expect(queryValues).toEqual(accepted.map((example) => example.request));
    }
  });
});

describe("the registry's examples", () => {
  it("include a refused request, which no request body or query string shows", () => {
    const refused = Object.values(methods).flatMap((method) =>
      method.examples.filter((example) => !method.params.safeParse(example.request).success),
    );
    expect(refused.length).toBeGreaterThan(0);
    for (const example of refused) expect(example.response).toMatchObject({ ok: false });
  });
});
