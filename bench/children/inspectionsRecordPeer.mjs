// The raw-SQL peer of `inspections.record` (issue 38, goal 2): Node's `https`, the
// contract's checks in decisions.md's order (peerServer.mjs; the parameters by the zod
// schema @wsafe/schema publishes, then the method's date rules), then the whole recording
// in one transaction of raw SQL (inspectionRecording.mjs), answered with the contract's
// headers, on wsafe's tables (peerStore.mjs). Every other method is forwarded to a wsafe
// server reading the same store: the conformance kit's checks of inspections.record read
// what was recorded through equipments.list, inspections.list and events.list.
import { inspectionRecordProblem, inspectionsRecordParamsSchema } from "@wsafe/schema";
import { childOptions } from "./childIpc.mjs";
import { recordInspection } from "./inspectionRecording.mjs";
import { servePeerMethod } from "./peerServer.mjs";
import { openPeerStore } from "./peerStore.mjs";

const options = childOptions();
const store = await openPeerStore(options);

const failure = (/** @type {string} */ error, /** @type {string} */ description) => ({
  ok: /** @type {const} */ (false),
  error,
  description,
});

/** The parameters by the schema's zod object, then the method's date rules. */
function check(/** @type {Record<string, unknown>} */ data, /** @type {number} */ now) {
  const parsed = inspectionsRecordParamsSchema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const unexpected = issues.find((issue) => issue.code === "unrecognized_keys");
    if (unexpected?.code === "unrecognized_keys")
      return failure("parameter_unexpected", `unexpected parameter: ${unexpected.keys[0]}`);
    const missing = issues.find((issue) => !Object.hasOwn(data, String(issue.path[0])));
    if (missing) return failure("parameter_missing", `missing parameter: ${String(missing.path[0])}`);
    const [first] = issues;
    return failure("parameter_invalid", `invalid parameter: ${String(first?.path[0])}: ${first?.message}`);
  }
  const problem = inspectionRecordProblem(parsed.data, now);
  if (problem) return failure(problem.error, problem.description);
  return { ok: /** @type {const} */ (true), params: parsed.data };
}

await servePeerMethod(options, store, {
  method: "inspections.record",
  check,
  write: ({ account, params, now }) => recordInspection(store.transaction, { account, params, now }),
});
