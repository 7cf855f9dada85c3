import fc from "fast-check";

/**
 * Object keys a hostile or careless client sends: prototype names, near misses of real
 * parameters (`TOKEN`, `token `, `colums`), operators, control characters and very long keys.
 *
 * @example
 * fc.sample(keyArbitrary, 3); // e.g. ["__proto__", "k;Z", "kkkk…"]
 */
export const keyArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "hasOwnProperty",
    "valueOf",
    "",
    "colums",
    "limit",
    "TOKEN",
    "token ",
    " token",
    "Token",
    "user_id",
    "equipmentTypeId",
    "$where",
    "pretty\u0000",
  ),
  fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 12 }),
  fc.string({ unit: "binary", minLength: 1, maxLength: 8 }),
  fc.integer({ min: 100, max: 400 }).map((n) => "k".repeat(n)),
);
