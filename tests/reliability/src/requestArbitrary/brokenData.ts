import { methodNames, methodUrlPath } from "@wsafe/schema";
import type { TenantFixture } from "@wsafe/test-support";
import fc from "fast-check";
import { nestedArrays, nestedObjects } from "../jsonText.js";
import type { RequestCase } from "../requestCase.js";
import { badPercentEncoding } from "./badPercentEncoding.js";
import { carry } from "./carry.js";
import { invalidUtf8Body } from "./invalidUtf8Body.js";
import { missingData } from "./missingData.js";

/**
 * Request data that is not a JSON object at all, for both channels: blank, arrays and
 * scalars, broken JSON, JSON with trailing text, binary, and deep nesting; plus bad
 * percent-encoding, invalid UTF-8 and no data.
 *
 * @example
 * fc.sample(brokenData(fixture), 1)[0]!.label; // e.g. "POST non-object data"
 */
export function brokenData(fixture: TenantFixture): fc.Arbitrary<RequestCase> {
  const path = fc.constantFrom(...methodNames.map(methodUrlPath));
  const good = JSON.stringify({ token: fixture.tokens.alphaRead });
  const texts = fc.oneof(
    fc.constantFrom(
      "",
      " ",
      "\n\t ",
      "\u00a0",
      "\u2028",
      "null",
      "[]",
      '[{"token":"x"}]',
      '"token"',
      "42",
      "true",
      "{",
      "}",
      '{"token":}',
      '{"token":"a",}',
      "{'token':'a'}",
      '{"token":NaN}',
      '{"token":Infinity}',
      '{"token":"a"} x',
      '{"token":"a"}{}',
      '/* c */ {"token":"a"}',
      '{"token":"\\x41"}',
      '{"token":"a\u0001b"}',
      good.slice(0, -1),
      nestedArrays(300),
      nestedObjects(100_000),
    ),
    fc.string({ unit: "binary", maxLength: 60 }),
    fc.json({ depthSize: "small" }),
  );
  return fc.oneof(
    { arbitrary: carry(texts, path, "non-object data"), weight: 6 },
    { arbitrary: badPercentEncoding(fixture, path), weight: 3 },
    { arbitrary: invalidUtf8Body(fixture, path), weight: 2 },
    { arbitrary: missingData(path), weight: 2 },
  );
}
