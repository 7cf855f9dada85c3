import type { TenantFixture } from "@wsafe/test-support";
import fc from "fast-check";
import type { RequestCase } from "../requestCase.js";
import { contentTypes } from "./contentTypes.js";

/**
 * POSTs of valid request data whose last string holds bytes that are not UTF-8 (a lone
 * `0xFF`, overlong, surrogate, five-byte and truncated sequences), with any content type.
 *
 * @param paths - the method URLs to send to
 * @example
 * fc.sample(invalidUtf8Body(fixture, fc.constant("/v1/users.info")), 1)[0]!.label; // "POST invalid UTF-8"
 */
export function invalidUtf8Body(
  fixture: TenantFixture,
  paths: fc.Arbitrary<string>,
): fc.Arbitrary<RequestCase> {
  return fc
    .record({
      path: paths,
      junk: fc.constantFrom(
        [0xff],
        [0xc0, 0x80],
        [0xed, 0xa0, 0x80],
        [0xf8, 0x88, 0x80, 0x80, 0x80],
        [0xe2, 0x82],
      ),
      contentType: fc.constantFrom(...contentTypes),
    })
    .map(({ path, junk, contentType }): RequestCase => {
      const text = Buffer.from(`{"token":"${fixture.tokens.alphaRead}","pretty":true,"x":"`);
      return {
        method: "POST",
        path,
        query: undefined,
        body: Buffer.concat([text, Buffer.from(junk), Buffer.from('"}')]),
        contentType,
        label: "POST invalid UTF-8",
      };
    });
}
