import { readFileSync } from "node:fs";
import { join } from "node:path";
import { validate as validateOpenApi } from "@readme/openapi-parser";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { errorIdentifiers } from "./errors.js";
import { toOpenApi } from "./generate/toOpenApi.js";
import { methods } from "./registry.js";
import { packageDir } from "./testing/ajv.js";
import { methodUrlPath, requestMediaType } from "./wire.js";

const readGenerated = (file: string) => JSON.parse(readFileSync(join(packageDir, "generated", file), "utf8"));
const published = readGenerated("openapi.json");
const published32 = readGenerated("openapi-3.2.json");
const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));

describe("the published OpenAPI 3.1 document", () => {
  it("is valid OpenAPI 3.1 for a real validator", async () => {
    const result = await validateOpenApi(structuredClone(published));
    expect(result).toMatchObject({ valid: true, warnings: [], specification: "OpenAPI" });
  });

  it("is valid against the official OpenAPI 3.1 schema", async () => {
    const validator = new Validator();
    expect(await validator.validate(structuredClone(published))).toEqual({ valid: true });
    expect(validator.version).toBe("3.1");
  });

  it("is what the build generates", () => {
    expect(published).toEqual(toOpenApi(version));
    expect(published.openapi).toBe("3.1.0");
  });

  it.each(Object.values(methods))(
    "describes $name with GET and POST, its params, result and errors",
    (method) => {
      const path = published.paths[methodUrlPath(method.name)];
      expect(Object.keys(path).sort()).toEqual(["get", "post"]);
      const paramsId = method.params.meta()?.id;
      const paramsRef = { $ref: `#/components/schemas/${paramsId}` };
      expect(path.get["x-wsafe-request-data"]).toEqual(paramsRef);
      const response = path.post.responses["200"];
      expect(Object.keys(response.headers)).toEqual(["SVC-Request-ID", "SVC-Response-Time", "Retry-After"]);
      const [success, failure] = response.content["application/json"].schema.oneOf;
      expect(success).toEqual({ $ref: `#/components/schemas/${method.result.meta()?.id}` });
      expect(failure.allOf[1].properties.error.enum).toEqual([...method.errors]);
    },
  );

  // Tools read the security scheme: an apiKey `in: query` made every generated client
  // put the token in the query string and a validating proxy answer its own 401.
  it("declares no security scheme, and the token as a required property of every method's request data", () => {
    expect(published.components).not.toHaveProperty("securitySchemes");
    expect(published.security).toEqual([]);
    for (const method of Object.values(methods)) {
      const operations = published.paths[methodUrlPath(method.name)];
      for (const operation of Object.values(operations)) expect(operation).not.toHaveProperty("security");
      const params = published.components.schemas[method.params.meta()?.id as string];
      expect(params.required, method.name).toContain("token");
      expect(params.properties.token).toMatchObject({ type: "string", minLength: 1 });
    }
  });

  // The server reads a body of any Content-Type as JSON; the document said only
  // application/json, so a validating proxy refused what the server accepts.
  it.each(Object.values(methods))(
    "lets the POST body of $name come as JSON first, and as any type",
    (method) => {
      const body = published.paths[methodUrlPath(method.name)].post.requestBody;
      const paramsRef = { $ref: `#/components/schemas/${method.params.meta()?.id}` };
      expect(Object.keys(body.content)).toEqual([requestMediaType, "*/*"]);
      expect(body.content[requestMediaType].schema).toEqual(paramsRef);
      expect(body.content["*/*"].schema).toEqual(paramsRef);
      expect(body.required).toBe(true);
    },
  );

  // openapi-typescript types a component property with a `default` as required, so a
  // generated client refused `{ token, equipmentType_id }`: defaults are stated in words.
  it.each(Object.values(methods))(
    "states the defaults of $name's parameters in words, not as `default`",
    (method) => {
      const component = published.components.schemas[method.params.meta()?.id as string];
      expect(JSON.stringify(component)).not.toContain('"default"');
      for (const [key, field] of Object.entries(method.params.shape)) {
        if ((field as { _zod: { def: { type: string } } })._zod.def.type !== "default") continue;
        expect(component.properties[key].description, key).toMatch(/default/i);
        expect(component.required, key).not.toContain(key);
      }
    },
  );

  it("says in each GET where the request data goes and where its schema is", () => {
    for (const method of Object.values(methods)) {
      const get = published.paths[methodUrlPath(method.name)].get;
      expect(get).not.toHaveProperty("parameters");
      expect(get.description).toContain("the whole query string is the request data");
      expect(get.description).toContain(`\`${method.params.meta()?.id}\``);
      expect(get.description).toContain("openapi-3.2.json");
    }
  });

  it("describes every error identifier, and requires a description in the error envelope", () => {
    expect(published.components.schemas.ErrorIdentifier.enum).toEqual([...errorIdentifiers]);
    expect(published.components.schemas.ErrorResponse.required).toEqual(["ok", "error", "description"]);
  });

  it("defines every tag its operations use", () => {
    const defined = published.tags.map((tag: { name: string }) => tag.name);
    for (const operations of Object.values(published.paths) as Record<string, { tags: string[] }>[])
      for (const operation of Object.values(operations))
        expect(defined).toEqual(expect.arrayContaining(operation.tags));
  });

  it("tags each namespace once, naming every method in it", () => {
    const tags = toOpenApi("3.1.0").tags as { name: string; description: string }[];
    expect(tags).toContainEqual({
      name: "equipments",
      description:
        "The `equipments.*` methods: `equipments.list`, `equipments.create`, `equipments.update`, `equipments.retire`, `equipments.changes`.",
    });
    expect(new Set(tags.map((tag) => tag.name)).size).toBe(tags.length);
    for (const name of Object.keys(methods)) {
      const tag = tags.find((candidate) => candidate.name === name.split(".")[0]);
      expect(tag?.description, name).toContain(`\`${name}\``);
    }
  });

  it("has no component with an id-only reference left dangling", () => {
    for (const document of [published, published32]) {
      const refs = JSON.stringify(document).match(/#\/components\/schemas\/[A-Za-z]+/g) ?? [];
      for (const ref of new Set(refs))
        expect(document.components.schemas, ref).toHaveProperty(ref.split("/").at(-1)!);
    }
  });
});

describe("the published OpenAPI 3.2 document", () => {
  it("is valid against the official OpenAPI 3.2 schema", async () => {
    const validator = new Validator();
    expect(await validator.validate(structuredClone(published32))).toEqual({ valid: true });
    expect(validator.version).toBe("3.2");
  });

  it("fails that validator where a querystring parameter is malformed", async () => {
    const broken = structuredClone(published32);
    const [parameter] = broken.paths[methodUrlPath("users.info")].get.parameters;
    parameter.schema = parameter.content[requestMediaType].schema;
    delete parameter.content;
    expect(await new Validator().validate(broken)).toMatchObject({ valid: false });
  });

  it("is what the build generates, and the 3.1 document but for the version and GET's request data", () => {
    expect(published32).toEqual(toOpenApi(version, { openapi: "3.2.0" }));
    expect(published32.openapi).toBe("3.2.0");
    const { openapi: _a, paths: paths32, ...rest32 } = published32;
    const { openapi: _b, paths, ...rest } = published;
    expect(rest32).toEqual(rest);
    for (const path of Object.keys(paths)) expect(paths32[path].post).toEqual(paths[path].post);
  });

  it("describes events.stream as Server-Sent Events whose items carry Event records", () => {
    const get = published32.paths["/trpc/events.stream"].get;
    expect(get.parameters[0]).toMatchObject({ name: "input", in: "query", required: true });
    const stream = get.responses["200"].content["text/event-stream"];
    expect(stream.itemSchema.properties.data).toMatchObject({
      contentMediaType: "application/json",
      contentSchema: { $ref: "#/components/schemas/Event" },
    });
    expect(published.paths).not.toHaveProperty("/trpc/events.stream");
  });

  it.each(Object.values(methods))(
    "describes the GET request data of $name as the whole query string",
    (method) => {
      const get = published32.paths[methodUrlPath(method.name)].get;
      expect(get).not.toHaveProperty("x-wsafe-request-data");
      expect(get.parameters).toHaveLength(1);
      const [parameter] = get.parameters;
      expect(parameter).toMatchObject({ in: "querystring", required: true });
      expect(Object.keys(parameter.content)).toEqual([requestMediaType]);
      expect(parameter.content[requestMediaType].schema).toEqual({
        $ref: `#/components/schemas/${method.params.meta()?.id}`,
      });
      for (const example of Object.values(parameter.content[requestMediaType].examples) as {
        dataValue: unknown;
        serializedValue: string;
      }[])
        expect(JSON.parse(decodeURIComponent(example.serializedValue))).toEqual(example.dataValue);
    },
  );
});
