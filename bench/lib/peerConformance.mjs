// Which servers in the pipeline's comparison do the contract's work: the conformance
// kit's checks of `resources.list` decide it, run by the bench on every server before
// it is timed. "One that does less is a floor, and is printed as one" (issue 28).
import { runConformance } from "@wsafe/conformance";

const method = "resources.list";

/**
 * Runs the conformance kit's checks of `resources.list` on one server: the method's own
 * checks and the service's (unknown methods, another version), tenant isolation with a
 * second account, nothing of any other method (`servedMethods`: a peer serves this one
 * alone). The kit's requests are sequential and well inside any limit.
 *
 * @param {string} baseUrl - methods at `{baseUrl}/v1/<method>`
 * @param {{ read: string, other: string }} tokens - read tokens of two accounts
 * @returns {Promise<import("@wsafe/conformance").ConformanceReport>}
 */
export function runPeerConformance(baseUrl, tokens) {
  return runConformance({
    baseUrl,
    token: tokens.read,
    other: { token: tokens.other, ids: {} },
    methods: [method],
    servedMethods: [method],
    insecure: true,
    timeoutMs: 5000,
  });
}

/**
 * @typedef {"subject" | "contract" | "floor"} PeerRole - wsafe itself; a peer claiming the
 *   contract's work; a peer declared to do less (a framework's bare route, stock tRPC)
 * @typedef {object} PeerClass
 * @property {"checked" | "floor" | "failing"} kind - did the contract's work (every
 *   check passed); does less; claims the work but fails a check
 * @property {boolean} timed - whether the bench times it (a failing contract peer is
 *   not: its figure would compare wsafe with something that is not the contract)
 * @property {string} summary - one line for the output, saying why
 */

/**
 * Classifies a server by its role and what the kit found. A server that passes every
 * check did the same work, whatever it was declared as; a contract peer that fails one
 * is reported with the first failure and not timed; a floor that fails is a floor (it
 * was never meant to do the work), timed and printed as one. wsafe, the subject, is
 * always timed, but a failure is printed like any other.
 *
 * @param {{ role: PeerRole, report?: { passed: number, failed: number, skipped: number, results: { suite: string, name: string, status: string, message?: string }[] }, error?: string }} found
 *   - `error`: the kit could not run at all
 * @returns {PeerClass}
 * @example
 * classifyPeer({ role: "floor", report }); // { kind: "floor", timed: true, summary: "a floor: fails 30 of 36 checks of resources.list (first: ...)" }
 */
export function classifyPeer({ role, report, error }) {
  const timedAnyway = role !== "contract";
  if (!report) {
    return {
      kind: role === "floor" ? "floor" : "failing",
      timed: timedAnyway,
      summary: `the conformance kit could not run: ${error ?? "no report"}`,
    };
  }
  const total = report.passed + report.failed + report.skipped;
  const skipped = report.skipped ? `, ${report.skipped} skipped` : "";
  if (report.failed === 0 && report.passed > 0) {
    return {
      kind: "checked",
      timed: true,
      summary: `does the contract's work: passes ${report.passed} of ${total} checks of ${method}${skipped}`,
    };
  }
  const first = report.results.find((result) => result.status === "failed");
  // The first failure says why; its whole message can list every header missing.
  const why = `${first?.name}: ${first?.message ?? "failed"}`;
  const firstText = first ? ` (first: ${why.length > 160 ? `${why.slice(0, 157)}...` : why})` : "";
  const fails = `fails ${report.failed} of ${total} checks of ${method}${firstText}`;
  if (role === "floor") return { kind: "floor", timed: true, summary: `a floor that does less: ${fails}` };
  return {
    kind: "failing",
    timed: timedAnyway,
    summary: role === "contract" ? `FAILS, not timed as a peer: ${fails}` : `FAILS: ${fails}`,
  };
}
