import { type ErrorIdentifier, isMethodName, type MethodName, parseParams } from "@wsafe/schema";
import type { Fixture } from "./fixture.js";
import type { RequestCase } from "./requestCase.js";

/** The default body limit of decisions §1 row 3. */
export const BODY_LIMIT = 1024 * 1024;

// Nesting beyond this is allowed to be refused as request_data_invalid (a resource
// limit decisions.md does not number); up to it, valid JSON must be treated as JSON.
export const NESTING_TOLERATED = 512;

/** What a request may answer, computed from decisions §1 and `parseParams` only. */
export type Expectation =
  /** OPTIONS on a method's URL: the CORS pre-flight, 204 without a body. */
  | { kind: "preflight" }
  /** HEAD: HTTP cannot carry a body, so only the status and headers are checked. */
  | { kind: "head" }
  | {
      kind: "envelope";
      /** Every outcome decisions.md allows; exactly one for all but the documented gaps. */
      allowed: ReadonlySet<ErrorIdentifier | "ok">;
      /** The method whose result schema a success must match. */
      method: MethodName | undefined;
      /** The account whose data a success may show. */
      account: "alpha" | "beta" | undefined;
      /** The parameter a `parameter_*` description must name. */
      parameter: string | undefined;
      /** Whether the body must be indented (data decoded and `pretty: true`). */
      pretty: boolean;
      /** Why more than one outcome is allowed, when so. */
      ambiguity?: string;
    };

type Envelope = Extract<Expectation, { kind: "envelope" }>;

const fail = (error: ErrorIdentifier, extra: Partial<Envelope> = {}): Envelope => ({
  kind: "envelope",
  allowed: new Set([error]),
  method: undefined,
  account: undefined,
  parameter: undefined,
  pretty: false,
  ...extra,
});

/** A token as the store knows it, reduced to what the pipeline checks. */
interface TokenFacts {
  account: "alpha" | "beta" | "gamma";
  active: boolean;
  accountActive: boolean;
  read: boolean;
}

function tokenFacts(fixture: Fixture): Map<string, TokenFacts> {
  const accounts = new Map(fixture.dataset.accounts!.map((a) => [a.id, a.active !== false]));
  const facts = new Map<string, TokenFacts>();
  for (const token of fixture.dataset.tokens!) {
    facts.set(token.token, {
      account: token.account_id.replace("acc_", "") as TokenFacts["account"],
      active: token.active !== false,
      accountActive: accounts.get(token.account_id) ?? false,
      read: (token.permissions ?? ["read"]).includes("read"),
    });
  }
  return facts;
}

type Decoded = { ok: true; data: Record<string, unknown>; ambiguity?: string } | { ok: false };

// fatal: invalid UTF-8 is not JSON text; the default (ignoreBOM false) drops a leading BOM.
const utf8 = new TextDecoder("utf-8", { fatal: true });

// RFC 8259 white space only: anything else (NBSP, U+2028, a BOM inside GET data) is not JSON.
const jsonWhitespaceOnly = /^[ \t\n\r]+$/;

function decodeText(text: string): Decoded {
  if (text === "") return { ok: true, data: {} };
  if (jsonWhitespaceOnly.test(text)) {
    // decisions.md says "absent/empty data counts as {}" and "invalid JSON fails":
    // white space only is both empty-looking and not a JSON text, so both answers are read as allowed.
    return { ok: true, data: {}, ambiguity: "request data is JSON white space only" };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { ok: false };
  const data = value as Record<string, unknown>;
  // Only a text with that many brackets can nest that deep: skip the walk for the rest.
  if (countBrackets(text) > NESTING_TOLERATED && depthOf(data) > NESTING_TOLERATED) {
    return { ok: true, data, ambiguity: `nesting deeper than ${NESTING_TOLERATED}` };
  }
  return { ok: true, data };
}

/** Row 3 of decisions §1: the request data object, or a failure. */
export function decodeRequestData(request: RequestCase): Decoded {
  if (request.method === "GET") {
    if (request.query === undefined || request.query === "") return { ok: true, data: {} };
    let text: string;
    try {
      text = decodeURIComponent(request.query);
    } catch {
      return { ok: false };
    }
    return decodeText(text);
  }
  const body = request.body ?? new Uint8Array();
  if (body.length > BODY_LIMIT) return { ok: false };
  if (body.length === 0) return { ok: true, data: {} };
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return { ok: false };
  }
  return decodeText(text);
}

function countBrackets(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) count++;
  }
  return count;
}

const own = (data: Record<string, unknown>, key: string) =>
  Object.hasOwn(data, key) ? data[key] : undefined;

/** Deepest nesting of arrays/objects in a decoded value (iterative). */
function depthOf(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [next, depth] = stack.pop()!;
    if (next !== null && typeof next === "object") {
      max = Math.max(max, depth + 1);
      for (const child of Object.values(next)) stack.push([child, depth + 1]);
    }
  }
  return max;
}

/**
 * The oracle: decisions §1 applied in order, row 10 through the contract's own
 * `parseParams`, row 11 through the fixture's ownership of ids.
 */
export function createOracle(fixture: Fixture) {
  const tokens = tokenFacts(fixture);
  const owned = {
    alpha: fixture.alpha,
    beta: fixture.beta,
    gamma: { equipmentTypes: [] as string[], users: ["u_gamma_1"] },
  };

  return function expect(request: RequestCase): Expectation {
    // HEAD cannot carry a body whatever the path, so only status and headers can be checked.
    if (request.method === "HEAD") return { kind: "head" };
    // Row 1: the path, exactly `/v1/<known method>`.
    const match = /^\/v1\/(.*)$/.exec(request.path);
    const name = match?.[1];
    if (name === undefined || !isMethodName(name)) return fail("api_method_not_found");
    // Row 2: GET and POST go on; OPTIONS is the pre-flight.
    if (request.method === "OPTIONS") return { kind: "preflight" };
    if (request.method !== "GET" && request.method !== "POST") return fail("request_method_invalid");
    // Row 3.
    const decoded = decodeRequestData(request);
    if (!decoded.ok) return fail("request_data_invalid");
    const data = decoded.data;
    const pretty = own(data, "pretty") === true;
    const result = (error: ErrorIdentifier | "ok", extra: Partial<Envelope> = {}): Envelope => {
      const allowed = new Set<ErrorIdentifier | "ok">([error]);
      let ambiguity = extra.ambiguity;
      if (decoded.ambiguity) {
        allowed.add("request_data_invalid");
        ambiguity = decoded.ambiguity;
      }
      return {
        kind: "envelope",
        allowed,
        method: name,
        account: undefined,
        parameter: undefined,
        pretty,
        ...extra,
        ambiguity,
      };
    };
    // Rows 4-7 and 9 (row 8 cannot trip: the fuzzed server's limit is out of reach).
    const token = own(data, "token");
    if (token === undefined || token === "") return result("token_missing");
    if (typeof token !== "string") return result("token_invalid");
    const facts = tokens.get(token);
    if (!facts) return result("token_invalid");
    if (!facts.active) return result("token_inactive");
    if (!facts.accountActive) return result("account_inactive");
    if (!facts.read) return result("token_permission");
    // Row 10.
    const params = parseParams(name, data);
    if (!params.ok) return result(params.error, { parameter: params.parameter });
    // Row 11.
    const account = facts.account === "gamma" ? undefined : facts.account;
    const mine = owned[facts.account];
    const found = (() => {
      switch (name) {
        case "resources.list":
          return true;
        case "equipments.list":
          return mine.equipmentTypes.includes(
            (params.params as { equipmentType_id: string }).equipmentType_id,
          );
        case "users.info": {
          const user = (params.params as { user: string | number }).user;
          return mine.users.includes(typeof user === "number" ? String(user) : user);
        }
      }
    })();
    return found ? result("ok", { account }) : result("content_not_found");
  };
}

/** The oracle function for one fixture. */
export type Oracle = ReturnType<typeof createOracle>;
