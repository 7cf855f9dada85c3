import type { MethodName } from "@wsafe/schema";
import type { TenantFixture } from "@wsafe/test-support";
import fc from "fast-check";
import { contract } from "../contract.js";
import { entries, type JsonModel } from "../jsonText.js";
import { adversarialValue } from "./adversarialValue.js";
import { keyArbitrary } from "./keyArbitrary.js";
import { tokenEntry } from "./tokenEntry.js";
import { validValue } from "./validValue.js";

/**
 * The request data of one call to `method`, read from its parameters in the contract:
 * a {@link tokenEntry}, each other parameter absent, valid or wrong, sometimes stray
 * keys, sometimes a key sent twice.
 *
 * @example
 * fc.sample(requestData("users.info", fixture).map(toJsonText), 1); // e.g. ['{"token":"rel-…","user":"1042"}']
 */
export function requestData(
  method: MethodName,
  fixture: TenantFixture,
  now = Date.now(),
): fc.Arbitrary<JsonModel> {
  const params = contract.methods[method].params;
  const defs = params.$defs ?? {};
  const ids = [
    ...fixture.alpha.equipmentTypes,
    ...fixture.alpha.users,
    ...fixture.beta.equipmentTypes,
    ...fixture.beta.users,
    // Metafields of the fixture's types (a create's metavalues name them, or not).
    ...(fixture.dataset.equipmentTypes ?? []).flatMap((type) =>
      (type.metafields ?? []).map((field) => field.id),
    ),
    "et_nope",
    "u_nope",
    "424242",
    // Near misses of real ids, and ids no database column should choke on.
    "ET_ALPHA",
    " et_alpha",
    "et_alpha\u0000",
    "\u0000",
    "u_alpha_1%00",
    "x".repeat(3000),
  ];
  const parameterEntries = Object.entries(params.properties ?? {})
    .filter(([name]) => name !== "token")
    .map(([name, schema]) =>
      fc
        .oneof(
          { arbitrary: fc.constant(undefined), weight: 3 },
          { arbitrary: validValue(schema, defs, ids, now), weight: 6 },
          { arbitrary: adversarialValue(), weight: 2 },
        )
        .map((value): [string, JsonModel] | undefined => (value === undefined ? undefined : [name, value])),
    );
  return fc
    .record({
      token: tokenEntry(fixture),
      parameters: fc.tuple(...parameterEntries),
      extra: fc.oneof(
        { arbitrary: fc.constant([] as [string, JsonModel][]), weight: 6 },
        {
          arbitrary: fc.array(fc.tuple(keyArbitrary, adversarialValue()), { minLength: 1, maxLength: 2 }),
          weight: 1,
        },
      ),
      // A key sent twice: JSON.parse keeps the last, and so must the server.
      duplicate: fc.option(
        fc.tuple(fc.constantFrom("token", ...Object.keys(params.properties ?? {})), adversarialValue()),
        {
          freq: 12,
        },
      ),
      tokenLast: fc.boolean(),
    })
    .map(({ token, parameters, extra, duplicate, tokenLast }) => {
      const pairs = parameters.filter((pair): pair is [string, JsonModel] => pair !== undefined);
      if (token) tokenLast ? pairs.push(token) : pairs.unshift(token);
      pairs.push(...extra);
      if (duplicate) pairs.unshift(duplicate);
      return entries(...pairs);
    });
}
