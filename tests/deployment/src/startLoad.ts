import { isDeepStrictEqual } from "node:util";
import type { WsafeClient } from "@wsafe/client";
import type { DeploymentFixture } from "./deploymentFixture.js";

/** What a load saw: every call is either answered as expected, answered otherwise, or failed. */
export interface LoadReport {
  /** Calls answered with exactly the expected result. */
  correct: number;
  /** Calls answered with something else, described. */
  wrong: string[];
  /** Calls that threw after the client's retries, described. */
  failed: string[];
}

/** A load under way. */
export interface Load {
  /** What it saw so far. */
  readonly report: LoadReport;
  /** Resolves once `maxCalls` calls were made (or the load was stopped), with the report. */
  readonly finished: Promise<LoadReport>;
  /** Lets the calls under way finish, starts no more, and gives the final report. */
  stop(): Promise<LoadReport>;
}

/** How to load the deployment. */
export interface LoadOptions {
  client: WsafeClient;
  fixture: DeploymentFixture;
  /** Calls at a time. */
  lanes: number;
  /** No call starts after this many were started: a bound whatever the test does. */
  maxCalls: number;
  /** Pause of each lane between two calls, so the restarts of the test get CPU too. */
  pauseMs: number;
}

/**
 * Sends calls through the client until stopped (or `maxCalls`), turn by turn
 * `users.info`, `resources.list` and `equipments.list`, each with the next of the
 * fixture's load tokens, and checks every answer against the fixture: the whole
 * result, not a status.
 *
 * @param options - client, fixture, concurrency and bounds
 */
export function startLoad({ client, fixture, lanes, maxCalls, pauseMs }: LoadOptions): Load {
  const report: LoadReport = { correct: 0, wrong: [], failed: [] };
  const { expected, loadTokens } = fixture;
  const calls = [
    {
      name: "users.info",
      run: async (token: string) => (await client.users.info({ token, user: expected.user.id })).user,
      expect: expected.user,
    },
    {
      name: "resources.list",
      run: async (token: string) => (await client.resources.list({ token })).resources,
      expect: expected.resources,
    },
    {
      name: "equipments.list",
      run: async (token: string) =>
        (await client.equipments.list({ token, equipmentType_id: "et_fix", service_type: "all" })).equipments,
      expect: expected.equipments,
    },
  ];
  let started = 0;
  let stopping = false;
  const lane = async () => {
    while (!stopping && started < maxCalls) {
      const turn = started++;
      const call = calls[turn % calls.length]!;
      const token = loadTokens[turn % loadTokens.length]!;
      try {
        const answer = await call.run(token);
        if (isDeepStrictEqual(answer, call.expect)) report.correct++;
        else report.wrong.push(`${call.name}: ${JSON.stringify(answer).slice(0, 200)}`);
      } catch (error) {
        const {
          code,
          error: identifier,
          message,
        } = error as { code?: string; error?: string; message?: string };
        report.failed.push(`${call.name}: ${code ?? ""} ${identifier ?? ""} ${message ?? ""}`.trim());
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  const running = Promise.all(Array.from({ length: lanes }, lane));
  return {
    report,
    finished: running.then(() => report),
    async stop() {
      stopping = true;
      await running;
      return report;
    },
  };
}
