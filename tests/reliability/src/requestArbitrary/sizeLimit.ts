import { methodNames, methodUrlPath } from "@wsafe/schema";
import type { TenantFixture } from "@wsafe/test-support";
import fc from "fast-check";
import { BODY_LIMIT } from "../oracle.js";
import type { RequestCase } from "../requestCase.js";

/**
 * Bodies at and just over the 1 MiB limit (0 to 2 bytes over): one byte decides. Padded
 * with spaces after the object or with a long string inside it; sometimes chunked.
 *
 * @example
 * fc.sample(sizeLimit(fixture), 1)[0]!.label; // e.g. "POST 1048577-byte body (spaces)"
 */
export function sizeLimit(fixture: TenantFixture): fc.Arbitrary<RequestCase> {
  return fc
    .record({
      method: fc.constantFrom(...methodNames),
      over: fc.integer({ min: 0, max: 2 }),
      padding: fc.constantFrom("spaces", "string"),
      chunked: fc.boolean(),
    })
    .map(({ method, over, padding, chunked }): RequestCase => {
      const size = BODY_LIMIT + over;
      const head = `{"token":${JSON.stringify(fixture.tokens.alphaRead)}`;
      const text =
        padding === "spaces"
          ? `${head}}${" ".repeat(size - head.length - 1)}`
          : `${head},"pad":"${"p".repeat(size - head.length - 9)}"}`;
      return {
        method: "POST",
        path: methodUrlPath(method),
        query: undefined,
        body: Buffer.from(text),
        contentType: "application/json",
        chunked,
        label: `POST ${Buffer.byteLength(text)}-byte body (${padding})`,
      };
    });
}
