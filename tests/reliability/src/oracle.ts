import {
  type ErrorIdentifier,
  type InspectionsFilter,
  inspectionsListProblem,
  isMethodName,
  type MethodName,
  methods,
  methodUrlPath,
  parseParams,
  type RegisterWriteMethod,
  type RequestCheckId,
  registerParamsProblem,
  registerWriteMethods,
  requestChecks,
} from "@wsafe/schema";
import type { TenantFixture } from "@wsafe/test-support";
import { type Decoded, decodeRequestData } from "./decodeRequestData.js";
import {
  instantRuleCheck,
  type LookupResult,
  lookups,
  type Owned,
  webhookUrlCheck,
} from "./oracleLookups.js";
import type { RequestCase } from "./requestCase.js";

const isRegisterWrite = (name: MethodName): name is RegisterWriteMethod =>
  (registerWriteMethods as readonly string[]).includes(name);

/**
 * Whether the oracle allows a request to succeed at a write: the fuzzer sends none (see
 * `apiCall`), so the store stays as seeded and every answer stays exact.
 */
export function mayWrite(expected: Expectation): boolean {
  return (
    expected.kind === "envelope" &&
    expected.method !== undefined &&
    methods[expected.method].permission === "write" &&
    expected.allowed.has("ok")
  );
}

export { BODY_LIMIT, NESTING_TOLERATED } from "./decodeRequestData.js";

/** What a request may answer, computed from the contract's pipeline and `parseParams` only. */
export type Expectation =
  /** OPTIONS on a method's URL: the CORS pre-flight, 204 without a body. */
  | { kind: "preflight" }
  /** HEAD: HTTP cannot carry a body, so only the status and headers are checked. */
  | { kind: "head" }
  | {
      kind: "envelope";
      /** Every outcome the contract allows; exactly one for all but the documented gaps. */
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
  write: boolean;
}

function tokenFacts(fixture: TenantFixture): Map<string, TokenFacts> {
  const accounts = new Map(fixture.dataset.accounts!.map((a) => [a.id, a.active !== false]));
  const facts = new Map<string, TokenFacts>();
  for (const token of fixture.dataset.tokens!) {
    facts.set(token.token, {
      account: token.account_id.replace("acc_", "") as TokenFacts["account"],
      active: token.active !== false,
      accountActive: accounts.get(token.account_id) ?? false,
      read: (token.permissions ?? ["read"]).includes("read"),
      write: (token.permissions ?? ["read"]).includes("write"),
    });
  }
  return facts;
}

const own = (data: Record<string, unknown>, key: string) =>
  Object.hasOwn(data, key) ? data[key] : undefined;

/** What the oracle knows of a request while it walks the pipeline. */
interface Walk {
  request: RequestCase;
  name?: MethodName;
  decoded?: Extract<Decoded, { ok: true }>;
  facts?: TokenFacts;
  params?: unknown;
  /** Why the answer may be more than one outcome, found on the way. */
  ambiguity?: string;
}

/** The answer once the data is decoded: honours `pretty`, names the method. */
type Answer = (outcome: ErrorIdentifier | "ok", extra?: Partial<Envelope>) => Envelope;

/** One check of the oracle: the expectation it ends the walk with, or undefined to go on. */
type OracleCheck = (walk: Walk, answer: Answer) => Expectation | undefined;

/**
 * The oracle: the contract's `requestChecks` applied in their order, each check
 * modelled here on its own, `parameters` through the contract's own `parseParams`, the
 * method's lookups through the fixture's ownership of ids.
 */
export function createOracle(fixture: TenantFixture) {
  const tokens = tokenFacts(fixture);
  // Each type's metafields, which equipments.create's metavalues must name.
  const metafields = Object.fromEntries(
    (fixture.dataset.equipmentTypes ?? []).map((type) => [
      type.id,
      (type.metafields ?? []).map((field) => field.id),
    ]),
  );
  const owned: Record<TokenFacts["account"], Owned> = {
    alpha: { ...fixture.alpha, metafields },
    beta: { ...fixture.beta, metafields },
    gamma: { equipmentTypes: [], users: ["u_gamma_1"] },
  };

  const checks: { [Id in RequestCheckId]: OracleCheck } = {
    method_path(walk) {
      const prefix = methodUrlPath("");
      const path = walk.request.path;
      const name = path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
      if (name === undefined || !isMethodName(name)) return fail("api_method_not_found");
      walk.name = name;
      return undefined;
    },
    http_method({ request }) {
      if (request.method === "OPTIONS") return { kind: "preflight" };
      if (request.method !== "GET" && request.method !== "POST") return fail("request_method_invalid");
      return undefined;
    },
    request_data(walk) {
      const decoded = decodeRequestData(walk.request);
      if (!decoded.ok) return fail("request_data_invalid");
      walk.decoded = decoded;
      return undefined;
    },
    token_present(walk, result) {
      const token = own(walk.decoded!.data, "token");
      if (token === undefined || token === "") return result("token_missing");
      if (typeof token !== "string") return result("token_invalid");
      return undefined;
    },
    token_known(walk, result) {
      walk.facts = tokens.get(own(walk.decoded!.data, "token") as string);
      return walk.facts ? undefined : result("token_invalid");
    },
    token_active: ({ facts }, result) => (facts!.active ? undefined : result("token_inactive")),
    account_active: ({ facts }, result) => (facts!.accountActive ? undefined : result("account_inactive")),
    // The fuzzed server's limit is out of reach, so the check always passes.
    rate_limit: () => undefined,
    permission: ({ facts, name }, result) =>
      facts![methods[name!].permission] ? undefined : result("token_permission"),
    parameters(walk, result) {
      const params = parseParams(walk.name!, walk.decoded!.data);
      if (!params.ok) return result(params.error, { parameter: params.parameter });
      // events.list's window and inspections.record's dates (the rules that need the
      // request's instant) come before the cursor.
      const instant = instantRuleCheck(walk.name!, params.params);
      if (instant?.near) walk.ambiguity = instant.ambiguity;
      if (instant?.problem) {
        const answer = result("parameter_invalid", {
          parameter: instant.problem.parameter,
          ambiguity: walk.ambiguity,
        });
        if (instant.near) (answer.allowed as Set<string>).add(instant.otherwise);
        return answer;
      }
      // The register's rules that no JSON Schema says, before anything is looked up.
      if (isRegisterWrite(walk.name!)) {
        const problem = registerParamsProblem(walk.name, params.params as Record<string, unknown>);
        if (problem) return result(problem.error, { parameter: problem.parameter });
      }
      if (walk.name === "webhooks.create") {
        const check = webhookUrlCheck((params.params as { url: string }).url);
        if (check === "refused") return result("parameter_invalid", { parameter: "url" });
        if (check === "unknown")
          walk.ambiguity = "a webhook URL's host name, which only the network resolves";
      }
      // A cursor the fuzzer made up is never one the server signed for this walk.
      if (typeof (params.params as { cursor?: unknown }).cursor === "string")
        return result("parameter_invalid", { parameter: "cursor" });
      // inspections.list reads its cursor first, then the filters' rule.
      if (walk.name === "inspections.list") {
        const problem = inspectionsListProblem(params.params as InspectionsFilter);
        if (problem) return result("parameter_invalid", { parameter: problem.parameter });
      }
      walk.params = params.params;
      return undefined;
    },
    method_lookups(walk, result) {
      const lookup = lookups[walk.name!] as (params: unknown, mine: Owned) => LookupResult;
      const found = lookup(walk.params, owned[walk.facts!.account]);
      const outcomes: readonly (ErrorIdentifier | "ok")[] =
        typeof found === "object" ? found.allowed : [found ? "ok" : "content_not_found"];
      const shows = outcomes.includes("ok") && walk.facts!.account !== "gamma";
      const account = shows ? (walk.facts!.account as "alpha" | "beta") : undefined;
      const extra = typeof found === "object" ? found : undefined;
      const answer = result(outcomes[0]!, {
        account,
        parameter: extra?.parameter,
        ambiguity: extra?.ambiguity ?? walk.ambiguity,
      });
      for (const outcome of outcomes) (answer.allowed as Set<string>).add(outcome);
      // An instant at a boundary of a parameter rule: the server may have found it invalid.
      if (walk.ambiguity) (answer.allowed as Set<string>).add("parameter_invalid");
      return answer;
    },
  };

  return function expect(request: RequestCase): Expectation {
    // HEAD cannot carry a body whatever the path, so only status and headers can be checked.
    if (request.method === "HEAD") return { kind: "head" };
    const walk: Walk = { request };
    // Once the data is decoded, answers honour `pretty` and carry the method.
    const result: Answer = (error, extra = {}) => {
      const decoded = walk.decoded!;
      const allowed = new Set<ErrorIdentifier | "ok">([error]);
      let ambiguity = extra.ambiguity;
      if (decoded.ambiguity) {
        allowed.add("request_data_invalid");
        ambiguity = decoded.ambiguity;
      }
      return {
        kind: "envelope",
        allowed,
        method: walk.name,
        account: undefined,
        parameter: undefined,
        pretty: own(decoded.data, "pretty") === true,
        ...extra,
        ambiguity,
      };
    };
    for (const check of requestChecks) {
      const outcome = checks[check.id](
        walk,
        result as OracleCheck extends (w: Walk, f: infer F) => unknown ? F : never,
      );
      if (outcome) return outcome;
    }
    throw new Error("the method's lookups always answer");
  };
}

/** The oracle function for one fixture. */
export type Oracle = ReturnType<typeof createOracle>;
