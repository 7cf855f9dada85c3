import { type InspectionRequest, recordInspection } from "../../src/inspections/recordInspection.js";
import { KeptAnswer } from "../../src/results/KeptAnswer.js";
import type { Sql } from "../../src/store/database/Sql.js";
import { runWrite } from "../../src/writes/runWrite.js";

/**
 * Records one inspection as `inspections.record` does past its parameter checks: in a
 * write's transaction of its own (its key claimed first when it has one), without HTTP.
 *
 * @param sql - the store's database
 * @param request - the account, the instant and the parameters
 */
export function recordInspectionNow(sql: Sql, request: InspectionRequest) {
  return runWrite(sql, { method: "inspections.record", ...request }, (write) =>
    recordInspection(write, request),
  );
}

/**
 * {@link recordInspectionNow} of a request that claims no kept key (none, or a new one):
 * its answer is the write's own, never a kept one.
 *
 * @param sql - the store's database
 * @param request - the account, the instant and the parameters
 */
export async function recordFreshInspection(sql: Sql, request: InspectionRequest) {
  const answer = await recordInspectionNow(sql, request);
  if (answer instanceof KeptAnswer)
    throw new Error("a fresh recording answered an answer kept under its key");
  return answer;
}
