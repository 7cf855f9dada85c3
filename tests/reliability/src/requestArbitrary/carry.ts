import fc from "fast-check";
import type { RequestCase } from "../requestCase.js";
import { contentTypes } from "./contentTypes.js";
import { utf8Bom } from "./utf8Bom.js";

// Characters a request target cannot carry raw (space, controls, `#`, `%`, non-ASCII);
// everything else may travel unencoded, as careless clients send it.
const encodeLoosely = (text: string) => text.replace(/[^\x21-\x7e]|[#%]/gu, (c) => encodeURIComponent(c));

/**
 * Requests to `path` carrying JSON text as their data, sent as GET (the text in the
 * query, strictly or loosely encoded) or POST (the text as the body, with any content
 * type, sometimes after a BOM, sometimes chunked); now and then the other channel
 * carries data too, which the server must ignore, and a GET's query ends with the `=` a
 * form-minded proxy appends.
 *
 * @param label - the case's label after the HTTP method; `"method"` labels it with the method's name
 * @example
 * carry(fc.constant('{"token":"t"}'), fc.constant("/v1/users.info"), "method"); // GET or POST users.info
 */
export function carry(
  texts: fc.Arbitrary<string>,
  paths: fc.Arbitrary<string>,
  label: string,
): fc.Arbitrary<RequestCase> {
  return fc
    .record({
      text: texts,
      path: paths,
      get: fc.boolean(),
      loose: fc.boolean(),
      contentType: fc.constantFrom(...contentTypes),
      withBom: fc.oneof(
        { arbitrary: fc.constant(false), weight: 12 },
        { arbitrary: fc.constant(true), weight: 1 },
      ),
      // The other channel carries something too, which the server must ignore.
      crossTalk: fc.oneof(
        { arbitrary: fc.constant(false), weight: 15 },
        { arbitrary: fc.constant(true), weight: 1 },
      ),
      chunked: fc.oneof(
        { arbitrary: fc.constant(false), weight: 9 },
        { arbitrary: fc.constant(true), weight: 1 },
      ),
      // A GET as a form-minded proxy forwards it: one `=` after the query string.
      proxyEquals: fc.oneof(
        { arbitrary: fc.constant(false), weight: 9 },
        { arbitrary: fc.constant(true), weight: 1 },
      ),
    })
    .map(({ text, path, get, loose, contentType, withBom, crossTalk, chunked, proxyEquals }): RequestCase => {
      // Keep GET targets well under the HTTP header limit: a long GET is its own test.
      if (get && text.length < 6_000) {
        return {
          method: "GET",
          path,
          query: `${loose ? encodeLoosely(text) : encodeURIComponent(text)}${proxyEquals ? "=" : ""}`,
          body: crossTalk ? Buffer.from('{"token":"in-the-body"}') : undefined,
          contentType: crossTalk ? "application/json" : undefined,
          label: `GET ${label === "method" ? path.slice(4) : label}${proxyEquals ? " with =" : ""}`,
        };
      }
      const bytes = Buffer.from(text, "utf8");
      return {
        method: "POST",
        path,
        query: crossTalk ? encodeURIComponent('{"token":"in-the-query"}') : undefined,
        body: withBom ? Buffer.concat([utf8Bom, bytes]) : bytes,
        contentType,
        chunked,
        label: `POST ${label === "method" ? path.slice(4) : label}`,
      };
    });
}
