import type { TenantFixture } from "@wsafe/test-support";
import fc from "fast-check";
import type { JsonModel } from "../jsonText.js";
import { adversarialValue } from "./adversarialValue.js";

/**
 * Which token a request carries, as its `["token", value]` entry (`undefined`: none),
 * weighted so most requests get past authentication: two in three are alpha's read
 * token; the rest are the other tenants', inactive, write-only, empty, near misses,
 * random strings and values of the wrong type.
 *
 * @example
 * fc.sample(tokenEntry(fixture), 1); // e.g. [["token", "rel-alpha-read-…"]]
 */
export function tokenEntry(fixture: TenantFixture): fc.Arbitrary<[string, JsonModel] | undefined> {
  const { tokens } = fixture;
  return fc
    .oneof(
      { arbitrary: fc.constant(tokens.alphaRead), weight: 60 },
      { arbitrary: fc.constant(tokens.betaRead), weight: 8 },
      {
        arbitrary: fc.constantFrom(tokens.alphaInactive, tokens.alphaWriteOnly, tokens.gammaRead),
        weight: 8,
      },
      { arbitrary: fc.constant(undefined), weight: 3 },
      { arbitrary: fc.constant(""), weight: 2 },
      {
        arbitrary: fc.constantFrom(
          ` ${tokens.alphaRead}`,
          `${tokens.alphaRead}\n`,
          tokens.alphaRead.toUpperCase(),
        ),
        weight: 2,
      },
      { arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }), weight: 3 },
      { arbitrary: adversarialValue(), weight: 5 },
    )
    .map((value) => (value === undefined ? undefined : ["token", value as JsonModel]));
}
