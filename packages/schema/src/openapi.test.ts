import { readFileSync } from "node:fs";
import { join } from "node:path";
import { validate as validateOpenApi } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { errorIdentifiers } from "./errors.js";
import { toOpenApi } from "./generate/toOpenApi.js";
import { methods } from "./registry.js";
import { packageDir } from "./testing/ajv.js";

const published = JSON.parse(readFileSync(join(packageDir, "generated", "openapi.json"), "utf8"));

describe("the published OpenAPI document", () => {
  it("is valid OpenAPI 3.1 for a real validator", async () => {
    const result = await validateOpenApi(structuredClone(published));
    expect(result).toMatchObject({ valid: true, warnings: [], specification: "OpenAPI" });
  });

  it("is what the build generates", () => {
    const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
    expect(published).toEqual(toOpenApi(version));
    expect(published.openapi).toBe("3.1.0");
  });

  it.each(Object.values(methods))(
    "describes $name with GET and POST, its params, result and errors",
    (method) => {
      const path = published.paths[`/v1/${method.name}`];
      expect(Object.keys(path).sort()).toEqual(["get", "post"]);
      const paramsId = method.params.meta()?.id;
      expect(path.post.requestBody.content["application/json"].schema).toEqual({
        $ref: `#/components/schemas/${paramsId}`,
      });
      expect(path.get["x-wsafe-request-data"]).toEqual({ $ref: `#/components/schemas/${paramsId}` });
      const response = path.post.responses["200"];
      expect(Object.keys(response.headers)).toEqual(["SVC-Request-ID", "SVC-Response-Time", "Retry-After"]);
      const [success, failure] = response.content["application/json"].schema.oneOf;
      expect(success).toEqual({ $ref: `#/components/schemas/${method.result.meta()?.id}` });
      expect(failure.allOf[1].properties.error.enum).toEqual([...method.errors]);
    },
  );

  it("describes every error identifier and the token in the request data", () => {
    expect(published.components.schemas.ErrorIdentifier.enum).toEqual([...errorIdentifiers]);
    expect(published.components.securitySchemes.token["x-wsafe-token-location"]).toBe("request-data");
  });

  it("has no component with an id-only reference left dangling", () => {
    const refs = JSON.stringify(published).match(/#\/components\/schemas\/[A-Za-z]+/g) ?? [];
    for (const ref of new Set(refs))
      expect(published.components.schemas, ref).toHaveProperty(ref.split("/").at(-1)!);
  });
});
