import fc from "fast-check";
import type { RequestCase } from "../requestCase.js";
import { utf8Bom } from "./utf8Bom.js";

/**
 * Requests that carry no data at all: a GET without a query or with an empty one, a
 * POST without a body, or with a byte order mark only.
 *
 * @param paths - the method URLs to send to
 * @example
 * fc.sample(missingData(fc.constant("/v1/users.info")), 1)[0]!.label; // e.g. "GET without query"
 */
export function missingData(paths: fc.Arbitrary<string>): fc.Arbitrary<RequestCase> {
  return fc.tuple(paths, fc.nat(3)).map(
    ([p, n]): RequestCase =>
      [
        {
          method: "GET",
          path: p,
          query: undefined,
          body: undefined,
          contentType: undefined,
          label: "GET without query",
        },
        {
          method: "GET",
          path: p,
          query: "",
          body: undefined,
          contentType: undefined,
          label: "GET empty query",
        },
        {
          method: "POST",
          path: p,
          query: undefined,
          body: undefined,
          contentType: undefined,
          label: "POST without body",
        },
        {
          method: "POST",
          path: p,
          query: undefined,
          body: utf8Bom,
          contentType: "application/json",
          label: "POST BOM only",
        },
      ][n]!,
  );
}
