import { methods } from "@wsafe/schema";
import { testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoTokens } from "../src/demo/demoTokens.js";
import { callApi, callMethod } from "./support/callApi.js";
import { expectFailure } from "./support/expectFailure.js";
import { type FixtureServer, startFixtureServer } from "./support/startFixtureServer.js";

const read = demoTokens.read;
const httpMethods = ["GET", "POST"] as const;

describe.each(testStores)("request pipeline on $name", ({ skip, create }) => {
  describe.skipIf(skip)("the request pipeline (requestChecks): rows 1-3, headers, pretty", () => {
    let t: FixtureServer;
    beforeAll(async () => {
      t = await startFixtureServer(create);
    });
    afterAll(async () => {
      await t?.stop();
    });

    describe("row 1: api_method_not_found", () => {
      it.each([
        "/v2/users.info",
        "/v1/",
        "/v1/nope",
        "/v1/users.info/",
        "/v1/users.INFO",
        "/",
        "/v1",
        "/v1/__proto__",
        "/v1/constructor",
        "/v1/toString",
        "/v1/users.info/extra",
        "/v1/resources%2Elist",
        "/v1/%zz",
        "/v1/users.info%",
        "//v1/users.info",
      ])("answers %s with api_method_not_found, GET and POST", async (path) => {
        for (const method of httpMethods) {
          expectFailure(
            await callApi(t.url, path, { method, data: { token: read } }),
            "api_method_not_found",
          );
        }
      });

      it("quotes at most ~100 characters of a long unknown path", async () => {
        const path = `/v1/${"m".repeat(8_000)}`;
        const answer = await callApi(t.url, path, { method: "POST", data: { token: read } });
        expect(answer.body).toEqual({
          ok: false,
          error: "api_method_not_found",
          description: `no such method: /v1/${"m".repeat(96)}… (7904 more characters)`,
        });
      });

      it("checks the path before the HTTP method and the data", async () => {
        expectFailure(
          await callApi(t.url, "/v1/nope", { method: "PUT", body: "not json" }),
          "api_method_not_found",
        );
      });

      it("ignores pretty before the data is decoded", async () => {
        const answer = await callApi(t.url, "/v1/nope", {
          method: "POST",
          data: { token: read, pretty: true },
        });
        expect(answer.text).not.toContain("\n");
      });
    });

    describe("row 2: request_method_invalid", () => {
      it.each(["PUT", "DELETE", "PATCH"])("answers %s with request_method_invalid", async (method) => {
        expectFailure(
          await callApi(t.url, "/v1/users.info", { method, data: { token: read, user: "u_ada" } }),
          "request_method_invalid",
        );
      });

      it("answers HEAD with request_method_invalid headers and no body", async () => {
        const answer = await callApi(t.url, "/v1/users.info", { method: "HEAD" });
        expect(answer.status).toBe(200);
        expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
        expect(answer.text).toBe("");
      });

      it("checks the HTTP method before the data", async () => {
        expectFailure(
          await callApi(t.url, "/v1/users.info", { method: "PUT", body: "[" }),
          "request_method_invalid",
        );
      });

      it("answers an OPTIONS pre-flight with 204, CORS headers and no body", async () => {
        const answer = await callApi(t.url, "/v1/equipments.list", {
          method: "OPTIONS",
          headers: { origin: "https://app.example", "access-control-request-method": "POST" },
        });
        expect(answer.status).toBe(204);
        expect(answer.text).toBe("");
        expect(answer.headers["access-control-allow-origin"]).toBe("*");
        expect(answer.headers["access-control-allow-methods"]).toContain("POST");
        expect(answer.headers["svc-request-id"]).toMatch(/^[A-Za-z0-9]{20,}$/);
      });
    });

    describe("row 3: request_data_invalid", () => {
      it.each([
        ["invalid JSON", "{"],
        ["an array", "[1,2]"],
        ["a string", '"token"'],
        ["a number", "42"],
        ["null", "null"],
        ["true", "true"],
        ["trailing garbage", '{"token":"x"} x'],
      ])("refuses %s, GET and POST", async (_name, text) => {
        expectFailure(
          await callApi(t.url, "/v1/users.info", { method: "POST", body: text }),
          "request_data_invalid",
        );
        expectFailure(
          await callApi(t.url, "/v1/users.info", { method: "GET", query: encodeURIComponent(text) }),
          "request_data_invalid",
        );
      });

      it("refuses bad percent-encoding in a GET query string", async () => {
        expectFailure(
          await callApi(t.url, "/v1/users.info", { method: "GET", query: "%7B%22token%E0%A4%A" }),
          "request_data_invalid",
        );
        expectFailure(
          await callApi(t.url, "/v1/users.info", { method: "GET", query: "%ZZ" }),
          "request_data_invalid",
        );
      });

      it("refuses a body over 1 MiB", async () => {
        const body = JSON.stringify({ token: read, padding: "x".repeat(1024 * 1024) });
        expectFailure(
          await callApi(t.url, "/v1/users.info", { method: "POST", body }),
          "request_data_invalid",
          /exceeds/,
        );
      });

      it("refuses a body that is not UTF-8", async () => {
        expectFailure(
          await callApi(t.url, "/v1/users.info", {
            method: "POST",
            body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
          }),
          "request_data_invalid",
        );
      });

      it("counts absent or empty data as {} (then the token is missing)", async () => {
        expectFailure(await callApi(t.url, "/v1/users.info", { method: "GET" }), "token_missing");
        expectFailure(await callApi(t.url, "/v1/users.info", { method: "GET", query: "" }), "token_missing");
        expectFailure(await callApi(t.url, "/v1/users.info", { method: "POST" }), "token_missing");
        expectFailure(await callApi(t.url, "/v1/users.info", { method: "POST", body: "" }), "token_missing");
      });

      it("accepts a body of any Content-Type, and a UTF-8 BOM", async () => {
        const body = JSON.stringify({ token: read, user: "u_ada" });
        for (const contentType of [
          undefined,
          "application/json",
          "text/plain",
          "application/x-www-form-urlencoded",
          "image/png",
        ]) {
          const answer = await callApi(t.url, "/v1/users.info", {
            method: "POST",
            body,
            headers: contentType ? { "content-type": contentType } : {},
          });
          expect(answer.body).toEqual({ ok: true, user: { id: "u_ada", name: "Ada Lovelace" } });
        }
        const withBom = await callApi(t.url, "/v1/users.info", { method: "POST", body: `\uFEFF${body}` });
        expect(withBom.body).toEqual({ ok: true, user: { id: "u_ada", name: "Ada Lovelace" } });
      });

      it("decodes the whole GET query string as JSON, with + as a plain character", async () => {
        const answer = await callApi(t.url, "/v1/users.info", {
          method: "GET",
          query: encodeURIComponent(JSON.stringify({ token: read, user: "a+b" })),
        });
        expectFailure(answer, "content_not_found", "user not found: a+b");
      });
    });

    describe("the response headers (responseHeaders)", () => {
      it("sends a unique alphanumeric request id and an integer response time on every answer", async () => {
        const answers = await Promise.all([
          callMethod(t.url, "POST", "users.info", { token: read, user: "u_ada" }),
          callMethod(t.url, "GET", "users.info", { token: read, user: "u_ada" }),
          callApi(t.url, "/v1/nope"),
          callApi(t.url, "/v1/users.info", { method: "PUT" }),
          callApi(t.url, "/v1/users.info", { method: "POST", body: "[" }),
          callMethod(t.url, "POST", "users.info", { token: read }),
        ]);
        const ids = new Set<string>();
        for (const answer of answers) {
          expect(answer.status).toBe(200);
          expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
          expect(answer.headers["svc-request-id"]).toMatch(/^[A-Za-z0-9]{20,}$/);
          expect(answer.headers["svc-response-time"]).toMatch(/^\d+$/);
          expect(answer.headers["access-control-allow-origin"]).toBe("*");
          ids.add(answer.headers["svc-request-id"] as string);
        }
        expect(ids.size).toBe(answers.length);
      });
    });

    describe("pretty", () => {
      it.each(httpMethods)("%s: indents with two spaces when true, compact otherwise", async (method) => {
        const compact = await callMethod(t.url, method, "resources.list", { token: read });
        const prettyAnswer = await callMethod(t.url, method, "resources.list", { token: read, pretty: true });
        const notPretty = await callMethod(t.url, method, "resources.list", { token: read, pretty: false });
        expect(compact.text).not.toContain("\n");
        expect(notPretty.text).toBe(compact.text.replace(/\n/g, ""));
        expect(prettyAnswer.text).toBe(JSON.stringify(compact.body, null, 2));
        expect(methods["resources.list"].result.parse(prettyAnswer.body)).toEqual(prettyAnswer.body);
      });

      it("applies to failures once the data was decoded", async () => {
        const answer = await callMethod(t.url, "POST", "users.info", { token: read, pretty: true });
        expect(answer.text).toBe(JSON.stringify(answer.body, null, 2));
        const invalidPretty = await callMethod(t.url, "POST", "users.info", { token: read, pretty: "yes" });
        expect(invalidPretty.text).not.toContain("\n");
      });
    });
  });
});
