import { type MethodName, methodUrlPath } from "@wsafe/schema";
import type { CheckDefinition } from "../CheckContext.js";

/**
 * Checks of the request itself, before any token is looked at: HTTP methods other than
 * GET and POST, and request data that is not a JSON object, however it is sent.
 */
export function requestErrorChecks(method: MethodName): CheckDefinition[] {
  const path = methodUrlPath(method);
  // `validData`: the body is a successful call's request data, so only the HTTP method is wrong.
  const checks: [string, string, { method: string; body?: string; path?: string; validData?: true }][] = [
    ["request_method_invalid", "PUT", { method: "PUT", validData: true }],
    ["request_method_invalid", "DELETE", { method: "DELETE" }],
    ["request_data_invalid", "POST body that is not JSON", { method: "POST", body: '{"token": ' }],
    ["request_data_invalid", "POST body that is a JSON array", { method: "POST", body: "[]" }],
    [
      "request_data_invalid",
      "GET query with bad percent-encoding",
      { method: "GET", path: `${path}?%7B%ZZ` },
    ],
  ];
  return checks.map(([identifier, what, request]) => ({
    suite: method,
    name: `${identifier}: ${what}`,
    async run(ctx) {
      const body =
        request.body === "{}"
          ? JSON.stringify({ token: ctx.options.token, ...ctx.successParams(method) })
          : request.body;
      const response = await ctx.call({
        path: request.path ?? path,
        method: request.method,
        ...(body === undefined ? {} : { body }),
      });
      ctx.expectError(response, identifier);
    },
  }));
}
