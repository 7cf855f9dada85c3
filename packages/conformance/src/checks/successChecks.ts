import { isDeepStrictEqual } from "node:util";
import { headerNames, type MethodName, methodUrlPath, validate } from "@wsafe/schema";
import { baselineOf } from "../baselineOf.js";
import { type CheckDefinition, CheckFailed, expect } from "../CheckContext.js";
import type { ConformanceOptions } from "../ConformanceOptions.js";
import { comparableBody } from "../comparableBody.js";
import { headerProblems } from "../conventionProblems.js";

/**
 * Checks of the method's baseline call (a successful call, or the refused request that
 * stands in for it where a success would write): the body is valid against the
 * published result schema (or is the refusal), GET answers exactly what POST answers,
 * `pretty` indents, and an OPTIONS pre-flight answers 204 for browsers.
 */
export function successChecks(method: MethodName, options: ConformanceOptions): CheckDefinition[] {
  const refusal = baselineOf(method, options)?.refusal;
  // Named for what they prove: a refusal is no success.
  const kind = refusal ? "refusal" : "success";
  return [
    {
      suite: method,
      name: refusal
        ? `refusal: POST ${refusal.what} answers ${refusal.error}${refusal.mentions ? ` naming ${refusal.mentions}` : ""}, writing nothing`
        : "success: POST answers a result valid against the published schema",
      async run(ctx) {
        const body = ctx.expectBaseline(method, await ctx.post(method, ctx.successParams(method)));
        if (refusal) return;
        const result = validate(`${method}.result`, body);
        if (!result.ok) {
          const issues = result.issues.slice(0, 5).map((issue) => `${issue.path}: ${issue.message}`);
          throw new CheckFailed(`result does not match ${method}.result: ${issues.join("; ")}`);
        }
      },
    },
    {
      suite: method,
      name: `${kind}: GET answers the same body as POST`,
      async run(ctx) {
        const params = ctx.successParams(method);
        const post = await ctx.post(method, params);
        const get = await ctx.get(method, params);
        const postBody = ctx.expectBaseline(method, post);
        const getBody = ctx.expectBaseline(method, get);
        expect(
          isDeepStrictEqual(comparableBody(method, getBody), comparableBody(method, postBody)),
          "GET and POST with the same request data answered different bodies",
        );
        const id = headerNames(ctx.prefix).requestId;
        expect(post.headers.get(id) !== get.headers.get(id), `two requests carried the same ${id}`);
      },
    },
    {
      suite: method,
      name: "pretty: true indents with two spaces; without it the body is one line",
      async run(ctx) {
        const params = ctx.successParams(method);
        const pretty = await ctx.post(method, { ...params, pretty: true });
        const compact = await ctx.post(method, params);
        ctx.expectBaseline(method, pretty);
        ctx.expectBaseline(method, compact);
        expect(
          pretty.text.trimEnd() === JSON.stringify(pretty.json, null, 2),
          "pretty: true did not indent the JSON with two spaces",
        );
        // Compact means no indentation; spacing inside a line is not something a consumer can notice.
        expect(
          !compact.text.trimEnd().includes("\n"),
          "the body without pretty is indented, expected compact JSON",
        );
      },
    },
    {
      suite: method,
      name: "OPTIONS pre-flight answers 204 with CORS headers",
      async run(ctx) {
        const response = await ctx.call({
          path: methodUrlPath(method),
          method: "OPTIONS",
          headers: {
            origin: "https://conformance.invalid",
            "access-control-request-method": "POST",
            "access-control-request-headers": "content-type",
          },
        });
        expect(response.status === 204, `${response.label}: HTTP status ${response.status}, expected 204`);
        expect(response.text === "", `${response.label}: a pre-flight answer has no body`);
        expect(
          response.headers.get("access-control-allow-origin"),
          `${response.label}: no Access-Control-Allow-Origin`,
        );
        const problems = headerProblems(response, ctx.prefix);
        expect(problems.length === 0, `${response.label}: ${problems.join("; ")}`);
      },
    },
  ];
}
