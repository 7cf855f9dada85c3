// The token_permission correction end to end: a token without the permission a method
// needs (`read`: a write-only token; `write`: a read-only one) gets token_permission from
// every method, and that real reply is one the published
// contract allows - the method's error list, the OpenAPI operation's response schema
// (compiled by ajv from the published document) and the ErrorResponse JSON Schema.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { methodNames, methods, methodUrlPath } from "@wsafe/schema";
import { fixtureTokens, testStores } from "@wsafe/test-support";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callMethod } from "./support/callApi.js";
import { type FixtureServer, startFixtureServer } from "./support/startFixtureServer.js";

const require = createRequire(import.meta.url);
const openapi = JSON.parse(readFileSync(require.resolve("@wsafe/schema/openapi.json"), "utf8"));
const errorResponse = JSON.parse(
  readFileSync(require.resolve("@wsafe/schema/json-schema/ErrorResponse.json"), "utf8"),
);

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ $id: "urn:wsafe:openapi", components: openapi.components });
/** The schema of an operation's answer, with its `$ref`s resolved inside the published document. */
function operationSchema(method: string, httpMethod: "get" | "post") {
  const schema =
    openapi.paths[methodUrlPath(method)][httpMethod].responses["200"].content["application/json"].schema;
  const text = JSON.stringify(schema).replaceAll('"#/components/', '"urn:wsafe:openapi#/components/');
  return ajv.compile(JSON.parse(text));
}
const validErrorResponse = ajv.compile(errorResponse);

describe.each(testStores)("token_permission on $name", ({ skip, create }) => {
  describe.skipIf(skip)("a token without the method's permission", () => {
    let t: FixtureServer;
    beforeAll(async () => {
      t = await startFixtureServer(create);
    });
    afterAll(async () => {
      await t?.stop();
    });

    describe.each(methodNames)("%s", (method) => {
      it.each(["GET", "POST"] as const)(
        "%s answers token_permission, as the published contract says it may",
        async (httpMethod) => {
          const needs = methods[method].permission;
          const token = needs === "write" ? fixtureTokens.readOnly : fixtureTokens.writeOnly;
          const answer = await callMethod(t.url, httpMethod, method, { token });
          expect(answer.body).toEqual({
            ok: false,
            error: "token_permission",
            description: `the token lacks the ${needs} permission`,
          });
          expect(methods[method].errors).toContain("token_permission");
          const validOperation = operationSchema(method, httpMethod === "GET" ? "get" : "post");
          expect(validOperation(answer.body), ajv.errorsText(validOperation.errors)).toBe(true);
          expect(validErrorResponse(answer.body), ajv.errorsText(validErrorResponse.errors)).toBe(true);
        },
      );
    });
  });
});
