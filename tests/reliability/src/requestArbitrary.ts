import { type MethodName, methodNames } from "@wsafe/schema";
import fc from "fast-check";
import { contract, type JsonSchema } from "./contract.js";
import type { Fixture } from "./fixture.js";
import { entries, items, type JsonModel, nestedArrays, nestedObjects, raw, toJsonText } from "./jsonText.js";
import { BODY_LIMIT } from "./oracle.js";
import type { RequestCase } from "./requestCase.js";

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

function adversarialValue(depth = 0): fc.Arbitrary<JsonModel> {
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
    fc.array(adversarialValue(depth + 1), { maxLength: 3 }).map((values) => items(...values)),
    fc
      .array(fc.tuple(keyArbitrary, adversarialValue(depth + 1)), { maxLength: 3 })
      .map((pairs) => entries(...pairs)),
  );
}

/** Built once: arbitraries are immutable and cheap to share, costly to rebuild. */
let adversarialShared: fc.Arbitrary<JsonModel> | undefined;
const adversarial = () => {
  adversarialShared ??= adversarialValue();
  return adversarialShared;
};

const keyArbitrary: fc.Arbitrary<string> = fc.oneof(
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

/** Valid values for one parameter, derived from its JSON Schema; ids come from the fixture's tenants. */
function validValue(
  schema: JsonSchema,
  defs: Record<string, JsonSchema>,
  ids: string[],
): fc.Arbitrary<JsonModel> {
  if (schema.$ref) return validValue(defs[schema.$ref.replace("#/$defs/", "")]!, defs, ids);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => validValue(option, defs, ids)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc
        .oneof(
          fc.constantFrom(...ids.filter((id) => /^\d+$/.test(id)).map(Number)),
          fc.integer({ min: schema.minimum ?? 0, max: 1_000_000 }),
          fc.constant(schema.maximum ?? Number.MAX_SAFE_INTEGER),
        )
        .map((n) => raw(String(n)));
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => raw(JSON.stringify(n)));
    case "array":
      return fc
        .array(validValue(schema.items ?? {}, defs, ids), { maxLength: 6 })
        .map((values) => items(...values));
    case "string":
      return fc.oneof(
        { arbitrary: fc.constantFrom(...ids), weight: 4 },
        {
          arbitrary: fc.string({ unit: "grapheme", minLength: schema.minLength ?? 0, maxLength: 30 }),
          weight: 1,
        },
      );
    default:
      return adversarial();
  }
}

/** Which token a request carries, weighted so most requests get past authentication. */
function tokenEntry(fixture: Fixture): fc.Arbitrary<[string, JsonModel] | undefined> {
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
      { arbitrary: adversarial(), weight: 5 },
    )
    .map((value) => (value === undefined ? undefined : ["token", value as JsonModel]));
}

/** The request data of one call to `method`: each parameter absent, valid or wrong, plus stray keys. */
function requestData(method: MethodName, fixture: Fixture): fc.Arbitrary<JsonModel> {
  const params = contract.methods[method].params;
  const defs = params.$defs ?? {};
  const ids = [
    ...fixture.alpha.equipmentTypes,
    ...fixture.alpha.users,
    ...fixture.beta.equipmentTypes,
    ...fixture.beta.users,
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
          { arbitrary: validValue(schema, defs, ids), weight: 6 },
          { arbitrary: adversarial(), weight: 2 },
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
          arbitrary: fc.array(fc.tuple(keyArbitrary, adversarial()), { minLength: 1, maxLength: 2 }),
          weight: 1,
        },
      ),
      // A key sent twice: JSON.parse keeps the last, and so must the server.
      duplicate: fc.option(
        fc.tuple(fc.constantFrom("token", ...Object.keys(params.properties ?? {})), adversarial()),
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

const contentTypes = [
  undefined,
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/octet-stream",
  "application/json; charset=latin1",
  "application/xml",
  "garbage",
  "*/*",
  "application/json;;;",
];

const bom = Buffer.from([0xef, 0xbb, 0xbf]);

// Characters a request target cannot carry raw (space, controls, `#`, `%`, non-ASCII);
// everything else may travel unencoded, as careless clients send it.
const encodeLoosely = (text: string) => text.replace(/[^\x21-\x7e]|[#%]/gu, (c) => encodeURIComponent(c));

/** Requests to `path` carrying JSON text as their data, sent as GET or POST. */
function carry(
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
        body: withBom ? Buffer.concat([bom, bytes]) : bytes,
        contentType,
        chunked,
        label: `POST ${label === "method" ? path.slice(4) : label}`,
      };
    });
}

/** Calls to real methods with fuzzed request data. */
function apiCall(fixture: Fixture): fc.Arbitrary<RequestCase> {
  // One arbitrary per method, built once: no `chain`, which would rebuild them per sample.
  return fc.oneof(
    ...methodNames.map((method) =>
      carry(requestData(method, fixture).map(toJsonText), fc.constant(`/v1/${method}`), "method"),
    ),
  );
}

/** Request data that is not a JSON object at all, for both channels. */
function brokenData(fixture: Fixture): fc.Arbitrary<RequestCase> {
  const path = fc.constantFrom(...methodNames.map((m) => `/v1/${m}`));
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
  const badPercent = fc
    .record({
      path,
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
  const badUtf8 = fc
    .record({
      path,
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
  const noData = fc.tuple(path, fc.nat(3)).map(
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
          body: bom,
          contentType: "application/json",
          label: "POST BOM only",
        },
      ][n]!,
  );
  return fc.oneof(
    { arbitrary: carry(texts, path, "non-object data"), weight: 6 },
    { arbitrary: badPercent, weight: 3 },
    { arbitrary: badUtf8, weight: 2 },
    { arbitrary: noData, weight: 2 },
  );
}

/** Bodies at and just over the 1 MiB limit: one byte decides. */
function sizeLimit(fixture: Fixture): fc.Arbitrary<RequestCase> {
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
        path: `/v1/${method}`,
        query: undefined,
        body: Buffer.from(text),
        contentType: "application/json",
        chunked,
        label: `POST ${Buffer.byteLength(text)}-byte body (${padding})`,
      };
    });
}

/** URLs that name no method, and HTTP methods other than GET and POST. */
function wrongTarget(fixture: Fixture): fc.Arbitrary<RequestCase> {
  const data = encodeURIComponent(JSON.stringify({ token: fixture.tokens.alphaRead }));
  const badPaths = fc.oneof(
    fc.constantFrom(
      "/",
      "/v1",
      "/v1/",
      "/v2/users.info",
      "/v0/users.info",
      "/V1/users.info",
      "/v1/USERS.INFO",
      "/v1/users.info/",
      "/v1/users.info/x",
      "/v1//users.info",
      "/v1/users",
      "/v1/users.",
      "/v1/__proto__",
      "/v1/constructor",
      "/v1/toString",
      "/v1/hasOwnProperty",
      "/v1/users.info.json",
      "/v1/users.info;x",
      "/x/v1/users.info",
      "/v1/..%2Fusers.info",
    ),
    fc.stringMatching(/^\/v1\/[a-z._]{1,20}$/).filter((p) => !methodNames.includes(p.slice(4) as MethodName)),
  );
  const wrongPath = fc.record({ path: badPaths, get: fc.boolean() }).map(
    ({ path, get }): RequestCase => ({
      method: get ? "GET" : "POST",
      path,
      query: get ? data : undefined,
      body: get ? undefined : Buffer.from(decodeURIComponent(data)),
      contentType: get ? undefined : "application/json",
      label: "unknown method URL",
    }),
  );
  const wrongVerb = fc
    .record({
      method: fc.constantFrom(
        "PUT",
        "DELETE",
        "PATCH",
        "OPTIONS",
        "HEAD",
        "TRACE",
        "PROPFIND",
        "PURGE",
        "LOCK",
      ),
      path: fc.oneof(
        { arbitrary: fc.constantFrom(...methodNames.map((m) => `/v1/${m}`)), weight: 5 },
        { arbitrary: badPaths, weight: 1 },
      ),
      withBody: fc.boolean(),
    })
    .map(
      ({ method, path, withBody }): RequestCase => ({
        method,
        path,
        query: withBody ? undefined : data,
        body:
          withBody && method !== "HEAD" && method !== "TRACE"
            ? Buffer.from(decodeURIComponent(data))
            : undefined,
        contentType: withBody ? "application/json" : undefined,
        label: `${method} request`,
      }),
    );
  return fc.oneof(wrongPath, wrongVerb);
}

/**
 * Every kind of request the fuzzer sends, weighted towards calls that get deep into
 * the pipeline (authentication passed, parameters checked, lookups run).
 */
export function requestArbitrary(fixture: Fixture): fc.Arbitrary<RequestCase> {
  return fc.oneof(
    { arbitrary: apiCall(fixture), weight: 163 },
    { arbitrary: brokenData(fixture), weight: 20 },
    { arbitrary: wrongTarget(fixture), weight: 16 },
    { arbitrary: sizeLimit(fixture), weight: 1 },
  );
}
