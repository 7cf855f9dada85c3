// The precedence of the request pipeline, generated from the schema's table
// (`requestChecks`) and method registry: for every method, GET and POST, on both
// stores, a request failing any two checks i < j answers i's identifier (and each check
// failed alone answers its own). A new check gets its recipe in
// support/precedence/failureRecipes.ts (the type demands it) and a new method its
// examples; neither needs a line here.
import { methodNames, methods, type RequestCheckId, requestCheckIds } from "@wsafe/schema";
import { createFixture, testStores, tokenCheckCases } from "@wsafe/test-support";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoDataset } from "../src/demo/createDemoDataset.js";
import { hashToken } from "../src/store/hashToken.js";
import { callApi } from "./support/callApi.js";
import {
  closingAccount,
  type ExhaustedToken,
  exhaustedTokenDataset,
  exhaustedTokens,
  sentinels,
} from "./support/precedence/exhaustedTokens.js";
import { failureRecipes } from "./support/precedence/failureRecipes.js";
import { tokenStateChecks } from "./support/precedence/PlannedRequest.js";
import { exampleRequest, type PrecedenceCase, planPrecedence } from "./support/precedence/planPrecedence.js";
import { type HttpRequest, type TokenFinder, toHttpRequest } from "./support/precedence/toHttpRequest.js";
import { type DatasetServer, startDatasetServer } from "./support/startDatasetServer.js";

const { cases } = planPrecedence();
const tokens = exhaustedTokens(
  cases.flatMap(({ request: { token, method } }) =>
    token.kind === "known" && token.fails.length
      ? [{ fails: token.fails, needs: methods[method].permission }]
      : [],
  ),
);
/**
 * The checks a fixture token fails on a method that needs `write`: its records decide
 * them as for a read method, but `permission` the other way round (a read token lacks
 * write; a write-only one holds it).
 */
const failsOnWrite = (fails: readonly string[]) =>
  fails.includes("permission") ? fails.filter((check) => check !== "permission") : [...fails, "permission"];
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/** The cases of each combination of checks, in pipeline order: one test each. */
function groupByChecks<Case extends PrecedenceCase>(all: readonly Case[]): Map<string, Case[]> {
  const groups = new Map<string, Case[]>();
  for (const c of all) groups.set(c.checks.join(" + "), [...(groups.get(c.checks.join(" + ")) ?? []), c]);
  return groups;
}

const at = (id: RequestCheckId) => requestCheckIds.indexOf(id);

/**
 * How many requests each token makes that the limiter counts (those that pass every
 * check before `rate_limit`); the limit is set just above the largest, so that only
 * the tokens the suite exhausts on purpose ever reach it.
 */
function countedRequests(requests: readonly (PrecedenceCase & { http: HttpRequest | undefined })[]) {
  const counts = new Map<string, number>();
  for (const { checks, http } of requests) {
    const first = checks[0];
    const counted = first === undefined || at(first) > at("rate_limit");
    if (counted && http?.token) counts.set(http.token, (counts.get(http.token) ?? 0) + 1);
  }
  return Math.max(0, ...counts.values());
}

describe.each(testStores)("precedence of the request pipeline on $name", ({ name, skip, create }) => {
  // Deactivating a token after it used up its limit needs a change of records under a
  // running server: on PostgreSQL any process can make it (the server hears of it). The
  // embedded store belongs to the server's process alone, and a restart forgets the
  // in-memory counts, so there no request can fail both checks.
  const changesWhileServing = name === "PostgreSQL";
  const available = (token: ExhaustedToken) =>
    changesWhileServing || (!token.deactivateAfter.token && !token.deactivateAfter.account);
  // The fixture's tokens fail any set of the checks their records decide; the ones
  // that used up their limit are this suite's.
  const findToken: TokenFinder = (fails, method) => {
    const needs = methods[method].permission;
    if (fails.includes("rate_limit"))
      return tokens.find((token) => sameSet(token.fails, fails) && token.needs === needs && available(token))
        ?.token;
    const fixture = tokenCheckCases.find((c) =>
      sameSet(needs === "write" ? failsOnWrite(c.fails) : c.fails, fails),
    );
    if (!fixture)
      throw new Error(`@wsafe/test-support's tokenCheckCases has no token failing ${fails.join(" + ")}`);
    return fixture.token;
  };
  const planned = cases.map((c) => ({ ...c, http: toHttpRequest(c.request, findToken) }));
  const limit = countedRequests(planned) + 20;

  describe.skipIf(skip)("every pair of checks, every method, GET and POST", () => {
    let t: DatasetServer;

    /** Sends a planned request; the identifier it answers, or "ok". */
    async function send(http: HttpRequest): Promise<string> {
      const answer = await callApi(t.url, http.path, http);
      if (answer.body?.ok === true) return "ok";
      return answer.body?.error ?? `HTTP ${answer.status}: ${answer.text.slice(0, 80)}`;
    }

    /** The first method's successful example, POSTed with another token. */
    function exampleWith(token: string): HttpRequest {
      const example = toHttpRequest(exampleRequest(methodNames[0]!, "body"), () => undefined)!;
      return { ...example, body: JSON.stringify({ ...JSON.parse(example.body!), token }), token };
    }

    /** Sends the example with a token `count` times, ten at a time; what each answered. */
    async function sendMany(token: string, count: number): Promise<string[]> {
      const answers: string[] = [];
      for (let sent = 0; sent < count; sent += 10) {
        const batch = Array.from({ length: Math.min(10, count - sent) }, () => send(exampleWith(token)));
        answers.push(...(await Promise.all(batch)));
      }
      return answers;
    }

    /** Deactivates, under the running server, what the exhausted tokens need deactivated. */
    async function deactivateAfterExhausting() {
      const client = new pg.Client({ connectionString: t.db.database });
      await client.connect();
      try {
        const revoked = tokens.filter((token) => token.deactivateAfter.token).map((token) => token.token);
        await client.query("UPDATE tokens SET active = false WHERE token_hash = ANY($1)", [
          [...revoked, sentinels.token].map(hashToken),
        ]);
        await client.query("UPDATE accounts SET active = false WHERE id = $1", [closingAccount]);
      } finally {
        await client.end();
      }
      // The server hears of the change through a notification: wait until the
      // sentinels, deactivated in the same statements, answer so.
      for (const [sentinel, answer] of [
        [sentinels.token, "token_inactive"],
        [sentinels.account, "account_inactive"],
      ] as const) {
        const until = Date.now() + 30_000;
        while ((await send(exampleWith(sentinel))) !== answer) {
          if (Date.now() > until) throw new Error(`the server never saw ${sentinel} deactivated`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    }

    beforeAll(async () => {
      t = await startDatasetServer(
        create,
        [
          createDemoDataset({ equipmentCount: 40 }),
          createFixture(Date.now()).dataset,
          exhaustedTokenDataset(tokens),
        ],
        { rateLimit: { points: limit, durationSeconds: 3600 } },
      );
      await Promise.all(tokens.filter(available).map((token) => sendMany(token.token, limit)));
      if (changesWhileServing) await deactivateAfterExhausting();
    });
    afterAll(async () => {
      await t?.stop();
    });

    for (const [checks, group] of groupByChecks(planned)) {
      const expected = [...new Set(group.map((c) => c.expected))].join(" / ");
      const title = group[0]!.checks.length
        ? `${checks}: ${group[0]!.checks.length === 2 ? "failing both" : "failing it alone"} answers ${expected}`
        : "the examples themselves succeed";
      // An illustrative example (an endpoint made with a random id, the history of one the
      // store does not hold) cannot succeed as it stands; the pairs of checks it fails still hold.
      const illustrative = (c: (typeof group)[number]) =>
        c.checks.length === 0 && methods[c.request.method].examples.find((e) => e.response.ok)?.illustrative;
      const runnable = group.filter((c) => c.http && !illustrative(c));
      if (!runnable.length) {
        it.skip(`${title} (SKIPPED on ${name}: no request can fail these checks together here)`, () => {});
        continue;
      }
      it(title, async () => {
        const answers = await Promise.all(
          runnable.map(async (c) => ({
            request: `${c.request.httpMethod} ${c.request.method}`,
            expected: c.expected,
            answered: await send(c.http!),
          })),
        );
        expect(answers.filter((a) => a.answered !== a.expected)).toEqual([]);
      });
    }

    // The rule of rate_limit: only requests that passed the checks before it count. A
    // token failing one of them, sent past the limit, never answers rate_limit_exceeded.
    for (const check of tokenStateChecks.filter((id) => at(id) < at("rate_limit"))) {
      const answer = failureRecipes[check].answers(methodNames[0]!);
      it(`${check} before rate_limit: requests failing ${check} never count, past the limit they still answer ${answer}`, async () => {
        const answers = await sendMany(findToken([check], methodNames[0]!)!, limit + 1);
        expect(new Set(answers)).toEqual(new Set([answer]));
      });
    }
  });
});
