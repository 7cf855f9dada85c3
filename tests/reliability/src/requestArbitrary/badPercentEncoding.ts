import type { TenantFixture } from "@wsafe/test-support";
import fc from "fast-check";
import type { RequestCase } from "../requestCase.js";

/**
 * GETs whose query is valid request data, percent-encoded, with a broken escape (a
 * lone `%`, bad hex, an overlong or surrogate UTF-8 sequence) cut in at any point.
 *
 * @param paths - the method URLs to send to
 * @example
 * fc.sample(badPercentEncoding(fixture, fc.constant("/v1/users.info")), 1)[0]!.query; // e.g. "%7B%22to%zzken…"
 */
export function badPercentEncoding(
  fixture: TenantFixture,
  paths: fc.Arbitrary<string>,
): fc.Arbitrary<RequestCase> {
  const good = JSON.stringify({ token: fixture.tokens.alphaRead });
  return fc
    .record({
      path: paths,
      junk: fc.constantFrom(
        "%",
        "%z",
        "%zz",
        "%E0%A4%A",
        "%C0%80",
        "%ED%A0%80",
        "%FF",
        "%F4%90%80%80",
        "%%7B",
      ),
      at: fc.nat(),
    })
    .map(({ path, junk, at }): RequestCase => {
      const encoded = encodeURIComponent(good);
      const cut = at % (encoded.length + 1);
      return {
        method: "GET",
        path,
        query: encoded.slice(0, cut) + junk + encoded.slice(cut),
        body: undefined,
        contentType: undefined,
        label: "GET bad percent-encoding",
      };
    });
}
