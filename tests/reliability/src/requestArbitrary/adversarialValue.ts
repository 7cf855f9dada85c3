import fc from "fast-check";
import { entries, items, type JsonModel, nestedArrays, nestedObjects, raw } from "../jsonText.js";
import { keyArbitrary } from "./keyArbitrary.js";

// Values of the wrong type or shape for anything: what a hostile or careless client sends.
const hugeNumbers = [
  "1e400",
  "-1e400",
  "1e-400",
  "123456789012345678901234567890",
  "9007199254740993",
  "-0",
  "0.0",
  "1E2",
  "4.2e1",
  "1.5",
  "-1",
  "0",
];
const awkwardStrings = [
  "",
  " ",
  "true",
  "false",
  "1",
  "null",
  "in ",
  "IN",
  "' OR '1'='1",
  "'; DROP TABLE accounts; --",
  "../../etc/passwd",
  "%00",
  "\u0000",
  "\u202e\u200b\ufeff",
  "\ud800",
  "\udfff\ud800",
  "😀👨‍👩‍👧",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, meant literally
  "${jndi:ldap://x}",
  "<script>alert(1)</script>",
];

function buildAdversarial(depth = 0): fc.Arbitrary<JsonModel> {
  const leaves: fc.Arbitrary<JsonModel>[] = [
    fc.constant(null),
    fc.boolean(),
    fc.constantFrom(...hugeNumbers).map(raw),
    fc.integer().map((n) => raw(String(n))),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => raw(JSON.stringify(n))),
    fc.constantFrom(...awkwardStrings),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.string({ unit: "grapheme", maxLength: 40 }),
    fc.integer({ min: 200, max: 4000 }).map((n) => "x".repeat(n)),
    fc.constantFrom(
      raw(nestedArrays(64)),
      raw(nestedObjects(64)),
      raw(nestedArrays(400)),
      raw(nestedArrays(5_000)),
      raw(nestedObjects(5_000)),
    ),
  ];
  if (depth >= 2) return fc.oneof(...leaves);
  return fc.oneof(
    ...leaves,
    fc.array(buildAdversarial(depth + 1), { maxLength: 3 }).map((values) => items(...values)),
    fc
      .array(fc.tuple(keyArbitrary, buildAdversarial(depth + 1)), { maxLength: 3 })
      .map((pairs) => entries(...pairs)),
  );
}

/** Built once: arbitraries are immutable and cheap to share, costly to rebuild. */
let shared: fc.Arbitrary<JsonModel> | undefined;

/**
 * A JSON value of the wrong type or shape for any parameter: numbers no JS number holds,
 * awkward and lone-surrogate strings, injection probes, long strings, deep nesting, and
 * arrays and objects of these two levels deep. One shared instance.
 *
 * @example
 * fc.sample(adversarialValue(), 2).map(toJsonText); // e.g. ["1e400", "[\"' OR '1'='1\"]"]
 */
export function adversarialValue(): fc.Arbitrary<JsonModel> {
  shared ??= buildAdversarial();
  return shared;
}
