import { type MethodName, methodNames, methodUrlPath } from "@wsafe/schema";
import type { TenantFixture } from "@wsafe/test-support";
import fc from "fast-check";
import type { RequestCase } from "../requestCase.js";

/**
 * URLs that name no method (other versions, case, trailing parts, prototype names,
 * encoded dots, random names), sent as GET or POST with valid data; and HTTP methods
 * other than GET and POST, mostly to real method URLs.
 *
 * @example
 * fc.sample(wrongTarget(fixture), 1)[0]!.label; // e.g. "unknown method URL" or "PUT request"
 */
export function wrongTarget(fixture: TenantFixture): fc.Arbitrary<RequestCase> {
  const data = encodeURIComponent(JSON.stringify({ token: fixture.tokens.alphaRead }));
  const badPaths = fc.oneof(
    fc.constantFrom(
      "/",
      "/v1",
      "/v1/",
      "/v2/users.info",
      "/v0/users.info",
      "/V1/users.info",
      "/v1/USERS.INFO",
      "/v1/users.info/",
      "/v1/users.info/x",
      "/v1//users.info",
      "/v1/users",
      "/v1/users.",
      "/v1/__proto__",
      "/v1/constructor",
      "/v1/toString",
      "/v1/hasOwnProperty",
      "/v1/users.info.json",
      "/v1/users.info;x",
      "/x/v1/users.info",
      "/v1/..%2Fusers.info",
    ),
    fc.stringMatching(/^\/v1\/[a-z._]{1,20}$/).filter((p) => !methodNames.includes(p.slice(4) as MethodName)),
  );
  const wrongPath = fc.record({ path: badPaths, get: fc.boolean() }).map(
    ({ path, get }): RequestCase => ({
      method: get ? "GET" : "POST",
      path,
      query: get ? data : undefined,
      body: get ? undefined : Buffer.from(decodeURIComponent(data)),
      contentType: get ? undefined : "application/json",
      label: "unknown method URL",
    }),
  );
  const wrongVerb = fc
    .record({
      method: fc.constantFrom(
        "PUT",
        "DELETE",
        "PATCH",
        "OPTIONS",
        "HEAD",
        "TRACE",
        "PROPFIND",
        "PURGE",
        "LOCK",
      ),
      path: fc.oneof(
        { arbitrary: fc.constantFrom(...methodNames.map(methodUrlPath)), weight: 5 },
        { arbitrary: badPaths, weight: 1 },
      ),
      withBody: fc.boolean(),
    })
    .map(
      ({ method, path, withBody }): RequestCase => ({
        method,
        path,
        query: withBody ? undefined : data,
        body:
          withBody && method !== "HEAD" && method !== "TRACE"
            ? Buffer.from(decodeURIComponent(data))
            : undefined,
        contentType: withBody ? "application/json" : undefined,
        label: `${method} request`,
      }),
    );
  return fc.oneof(wrongPath, wrongVerb);
}
