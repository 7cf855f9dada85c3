import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  createPostgresDatabase,
  createScratchDirectory,
  createTenantFixture,
  launchServer,
  type PostgresScratchDatabase,
  postgresUrl,
  type ServerProcess,
} from "@wsafe/test-support";
import fc from "fast-check";
import type { Pool } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkAnswer } from "../src/checkAnswer.js";
import type { StoreDump } from "../src/dumpStore.js";
import { recordFigure } from "../src/figures.js";
import { findLeaks } from "../src/findLeaks.js";
import { type Answer, closePool, openPool, send } from "../src/httpsClient.js";
import { createOracle } from "../src/oracle.js";
import { requestArbitrary } from "../src/requestArbitrary.js";
import { describeCase, type RequestCase } from "../src/requestCase.js";
import { dumpDatabase, seedAndDump } from "../src/seededDump.js";

// 10 000 requests by default; WSAFE_FUZZ_REQUESTS and WSAFE_FUZZ_SEED replay or widen a run.
const REQUESTS = Number(process.env.WSAFE_FUZZ_REQUESTS ?? 10_000);
// A busy CI machine serves the trace-logging server at a fraction of its quiet rate, so
// the run is bounded in time as well (like `go test -fuzztime`): it stops generating after
// WSAFE_FUZZ_SECONDS and must still have tried at least MIN_REQUESTS, or it fails.
const SECONDS = Number(process.env.WSAFE_FUZZ_SECONDS ?? 100);
const MIN_REQUESTS = Math.min(REQUESTS, 2_000);
const TIMEOUT_MS = (SECONDS + 60) * 1000;
const SEED = Number(process.env.WSAFE_FUZZ_SEED ?? Date.now() % 2 ** 31);
// Requests in flight at once, over as many keep-alive sockets.
const WIDTH = 8;

/** A problem's text without the parts that vary per request, to group like with like. */
function problemKind(problem: string): string {
  return problem
    .replace(/, the pipeline allows .*$/, ", not the identifier the pipeline allows")
    .replace(/"[^"]*"/g, '"…"')
    .replace(/: .{60,}$/, ": …")
    .replace(/\d+/g, "N");
}

describe("fuzzing /v1 over HTTPS", () => {
  const fixture = createTenantFixture();
  const oracle = createOracle(fixture);
  let directory: Awaited<ReturnType<typeof createScratchDirectory>>;
  let logFile: string;
  let server: ServerProcess;
  let pool: Pool;
  let before: StoreDump;
  let database: string;
  let pgDatabase: PostgresScratchDatabase | undefined;

  beforeAll(async () => {
    directory = await createScratchDirectory("fuzz");
    logFile = join(directory.path, "server.log");
    // PostgreSQL when the services run (faster, and what production uses); the embedded
    // store otherwise, so the fuzzer never skips.
    if (postgresUrl) {
      pgDatabase = await createPostgresDatabase("fuzz");
      database = pgDatabase.database;
    } else {
      database = join(directory.path, "data");
      console.warn("fuzz: WSAFE_TEST_DATABASE_URL not set: fuzzing the embedded store (slower)");
    }
    before = await seedAndDump(database, fixture);
    // Logging as verbose as pino goes, so the secrets scan below reads everything a run can log;
    // a limit no fuzzer reaches, so row 8 never answers for row 10.
    server = await launchServer(
      { port: 0, database, rateLimit: { points: 1e9, durationSeconds: 60 }, logger: { level: "trace" } },
      { logFile },
    );
    pool = openPool(server.url, WIDTH);
  });

  afterAll(async () => {
    await closePool(pool);
    await server?.stop();
    await pgDatabase?.drop();
    await directory?.remove();
  });

  it(
    `answers ${REQUESTS} generated requests with the envelope and exactly the identifier the pipeline table allows`,
    async () => {
      const distribution = new Map<string, number>();
      const labels = new Map<string, number>();
      const requestIds = new Set<string>();
      let tried = 0;
      let exact = 0;
      const started = performance.now();

      const attempt = async (request: RequestCase) => {
        const expected = oracle(request);
        let answer: Answer;
        try {
          answer = await send(pool, request);
        } catch (error) {
          return {
            request,
            outcome: "transport error",
            problems: [`transport error: ${(error as Error).message}`],
          };
        }
        const verdict = checkAnswer(request, expected, answer, fixture, requestIds);
        tried++;
        if (expected.kind !== "envelope" || expected.allowed.size === 1) exact++;
        distribution.set(verdict.outcome, (distribution.get(verdict.outcome) ?? 0) + 1);
        const kind = request.label.split(" (")[0]!;
        labels.set(kind, (labels.get(kind) ?? 0) + 1);
        return { request, ...verdict };
      };

      // Every problem of the whole run is kept, grouped by kind, so one run reports every
      // defect at once; the property fails at the end if any group exists.
      const problems = new Map<string, { count: number; examples: string[] }>();
      const property = fc.asyncProperty(
        fc.array(requestArbitrary(fixture), { minLength: WIDTH, maxLength: WIDTH }),
        async (batch) => {
          // Past the time budget the remaining runs pass without a request (see SECONDS).
          if (performance.now() - started > SECONDS * 1000) return;
          for (const verdict of await Promise.all(batch.map(attempt))) {
            for (const problem of verdict.problems) {
              // A wrong identifier often hangs on the Content-Type: keep those apart.
              const type = problem.startsWith("answered request_data_invalid")
                ? ` [content-type ${verdict.request.contentType ?? "none"}]`
                : "";
              const kind = `${verdict.request.method}: ${problemKind(problem)}${type}`;
              const group = problems.get(kind) ?? { count: 0, examples: [] };
              group.count++;
              if (group.examples.length < 2)
                group.examples.push(`${describeCase(verdict.request)}\n      ${problem}`);
              problems.set(kind, group);
            }
          }
        },
      );
      try {
        await fc.assert(property, { numRuns: Math.ceil(REQUESTS / WIDTH), seed: SEED });
      } finally {
        const seconds = (performance.now() - started) / 1000;
        const rows = [...distribution.entries()].sort((a, b) => b[1] - a[1]);
        console.log(
          [
            `fuzz: ${tried} requests answered by a server on ${pgDatabase ? "PostgreSQL" : "the embedded store"} in ${seconds.toFixed(1)} s (${Math.round(tried / seconds)}/s), seed ${SEED}`,
            `fuzz: ${exact} with exactly one allowed identifier, ${tried - exact} in a documented gap`,
            "fuzz: identifier distribution:",
            ...rows.map(([outcome, count]) => `  ${outcome.padEnd(24)} ${String(count).padStart(6)}`),
            "fuzz: request kinds:",
            ...[...labels.entries()]
              .sort((a, b) => b[1] - a[1])
              .map(([l, n]) => `  ${l.padEnd(40)} ${String(n).padStart(6)}`),
          ].join("\n"),
        );
      }
      const report = [...problems.entries()]
        .sort((a, b) => b[1].count - a[1].count)
        .map(([kind, group]) => `${group.count} x ${kind}\n    e.g. ${group.examples.join("\n    e.g. ")}`);
      recordFigure(
        "fuzz: requests tried",
        `${tried} (seed ${SEED}, ${pgDatabase ? "PostgreSQL" : "embedded store"})`,
      );
      recordFigure(
        "fuzz: identifier distribution",
        [...distribution.entries()]
          .sort((a, b) => b[1] - a[1])
          .map(([outcome, count]) => `${outcome} ${count}`)
          .join(", "),
      );
      recordFigure("fuzz: kinds of problem found", report.length);
      if (report.length > 0)
        console.log(`fuzz: PROBLEMS (replay with WSAFE_FUZZ_SEED=${SEED}):\n${report.join("\n")}`);
      expect(report, `problems found, replay with WSAFE_FUZZ_SEED=${SEED}`).toEqual([]);
      expect(tried, `requests tried within ${SECONDS} s`).toBeGreaterThanOrEqual(MIN_REQUESTS);
      if (tried < REQUESTS)
        console.log(`fuzz: stopped at the ${SECONDS} s budget after ${tried} of ${REQUESTS} requests`);
      // The mix must reach deep into the pipeline, not stop at the first checks.
      for (const outcome of [
        "ok",
        "parameter_invalid",
        "parameter_unexpected",
        "content_not_found",
        "token_invalid",
      ]) {
        expect(distribution.get(outcome) ?? 0, outcome).toBeGreaterThan(tried / 200);
      }
    },
    TIMEOUT_MS,
  );

  it("leaves the store byte-for-byte unchanged", async () => {
    await closePool(pool);
    expect(await server.stop()).toBe(0);
    const after = await dumpDatabase(database);
    expect(Object.keys(after).length).toBeGreaterThanOrEqual(8);
    expect(after).toEqual(before);
    recordFigure("fuzz: store after the run", `unchanged (${Object.keys(after).length} tables compared)`);
  });

  it("wrote no plain token and no internals to its log", () => {
    const log = readFileSync(logFile, "utf8");
    expect(log.length).toBeGreaterThan(0);
    const leaks = findLeaks(log, { never: Object.values(fixture.tokens) });
    const tokenLeaks = leaks.filter((leak) => leak.startsWith("secret"));
    expect(tokenLeaks).toEqual([]);
    console.log(
      `fuzz: server log ${log.length} bytes, ${log.split("\n").length} lines, no plain token in it`,
    );
  });
});
