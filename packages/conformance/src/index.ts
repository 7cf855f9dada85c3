/**
 * The conformance kit of the /v1 wsafe Web API: checks any deployment against the
 * published contract, from a command line (`wsafe-conformance`) or from code.
 *
 * @example
 * import { runConformance, formatText, toJUnit } from "@wsafe/conformance";
 * const report = await runConformance({ baseUrl, token, other: { token: otherToken, ids: { user: "u_other" } } });
 * console.log(formatText(report));
 *
 * @packageDocumentation
 */
export type {
  CheckResult,
  ConformanceOptions,
  ConformanceReport,
  InspectionTarget,
  OtherAccount,
  RegisterTarget,
} from "./ConformanceOptions.js";
export { formatResult, formatSummary, formatText } from "./formatText.js";
export { type CliIo, runCli, usage } from "./runCli.js";
export { listChecks, runConformance } from "./runConformance.js";
export { toJUnit } from "./toJUnit.js";
