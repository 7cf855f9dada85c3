import { type MethodName, methodNames } from "@wsafe/schema";
import { CheckContext, type CheckDefinition, CheckFailed, CheckSkipped } from "./CheckContext.js";
import type { CheckResult, ConformanceOptions, ConformanceReport } from "./ConformanceOptions.js";
import { cursorChecks } from "./checks/cursorChecks.js";
import { feedChecks } from "./checks/feedChecks.js";
import { isolationChecks } from "./checks/isolationChecks.js";
import { paginationChecks } from "./checks/paginationChecks.js";
import { parameterChecks } from "./checks/parameterChecks.js";
import { recordingChecks } from "./checks/recordingChecks.js";
import { registerChecks } from "./checks/registerChecks.js";
import { requestErrorChecks } from "./checks/requestErrorChecks.js";
import { routingChecks } from "./checks/routingChecks.js";
import { ruleChecks } from "./checks/ruleChecks.js";
import { statusChecks } from "./checks/statusChecks.js";
import { successChecks } from "./checks/successChecks.js";
import { tokenChecks } from "./checks/tokenChecks.js";
import { createClient } from "./createClient.js";

/**
 * Every check the kit runs against `options`, in the order it runs them: the URL space,
 * then per method the success path, the request, the token, the parameters and the
 * rules between them, the pages and cursors of a paginated method, a feed's copy and
 * cursors, statuses at an
 * instant, tenant isolation, and, when the run opts in, the effects of one recorded
 * inspection and of one equipment created, updated and retired.
 */
export function listChecks(options: ConformanceOptions): CheckDefinition[] {
  const selected: readonly MethodName[] = options.methods?.length ? options.methods : methodNames;
  return [
    ...routingChecks(selected[0]!),
    ...selected.flatMap((method) => [
      ...successChecks(method, options),
      ...requestErrorChecks(method),
      ...tokenChecks(method),
      ...parameterChecks(method),
      ...ruleChecks(method),
      ...paginationChecks(method),
      ...cursorChecks(method),
      ...feedChecks(method),
      ...statusChecks(method),
      ...isolationChecks(method, options),
      ...recordingChecks(method, options),
      ...registerChecks(method, options),
    ]),
  ];
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause ? `${error.message}: ${cause.code ?? cause.message}` : error.message;
}

/**
 * Checks a deployment of /v1 against the published contract and returns what passed,
 * failed and was skipped. Requests run one after another, so a run stays well inside
 * any rate limit (about 30 requests per method).
 *
 * @example
 * import { runConformance } from "@wsafe/conformance";
 * const report = await runConformance({ baseUrl: "https://127.0.0.1:8443", token: "wsafe-demo-token-read", insecure: true });
 * if (report.failed) process.exitCode = 1;
 * @see https://docs.wsafe.dev/conformance/
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const started = performance.now();
  const ctx = new CheckContext(options, createClient(options));
  const results: CheckResult[] = [];
  for (const check of listChecks(options)) {
    const begin = performance.now();
    let status: CheckResult["status"] = "passed";
    let message: string | undefined;
    try {
      await check.run(ctx);
    } catch (error) {
      if (error instanceof CheckSkipped) status = "skipped";
      else status = "failed";
      message =
        error instanceof CheckFailed || error instanceof CheckSkipped
          ? error.message
          : `request failed: ${describeError(error)}`;
    }
    const result: CheckResult = {
      suite: check.suite,
      name: check.name,
      status,
      ...(message === undefined ? {} : { message }),
      durationMs: Math.round(performance.now() - begin),
    };
    results.push(result);
    options.onResult?.(result);
  }
  const count = (status: CheckResult["status"]) =>
    results.filter((result) => result.status === status).length;
  return {
    baseUrl: options.baseUrl,
    results,
    passed: count("passed"),
    failed: count("failed"),
    skipped: count("skipped"),
    durationMs: Math.round(performance.now() - started),
  };
}
