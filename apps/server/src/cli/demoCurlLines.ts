import { methodUrlPath, requestMediaType } from "@wsafe/schema";
import { demoInspection } from "../demo/demoInspection.js";
import { demoTokens } from "../demo/demoTokens.js";

/** The demo's create line's key: a repeat within a day answers the harness it made. */
export const demoCreateKey = "demo-new-harness-1";

/**
 * Ready-to-paste `curl` lines for the demo: a GET (request data as the percent-encoded
 * query string), a POST (request data as the body), and a write: the passed pre-use check
 * of harness `eq_h_0001`, whose `sch_preuse` the demo data holds expired, recorded with
 * the write token (the schedule is up to date in the answer, and in every list after it;
 * sent again, it records the next check), and a new harness added to the register with the
 * write token (its `idempotency_key` makes the line safe to paste twice: the second answers
 * the first harness again, not a second one). The POSTs name their body's type:
 * curl's `-d` alone says form-urlencoded, which a validating proxy reading the
 * OpenAPI document would rightly refuse. Each answer fits a screen: the POST asks for
 * one page of five harnesses with three columns (about 500 bytes), where the whole list
 * of 1 294 harnesses (50 kB) flooded the terminal of whoever tried it first.
 *
 * @param url - the server's base URL
 * @param insecure - add `-k` (self-signed certificate)
 */
export function demoCurlLines(url: string, insecure: boolean): string[] {
  const k = insecure ? "-k " : "";
  const get = encodeURIComponent(JSON.stringify({ token: demoTokens.read, user: "u_ada" }));
  const post = JSON.stringify({
    token: demoTokens.read,
    equipmentType_id: "et_harness",
    limit: 5,
    columns: ["id", "serialNumber", "status"],
  });
  const inspection = JSON.stringify({
    token: demoTokens.write,
    equipment_id: demoInspection.equipmentId,
    schedule_id: demoInspection.scheduleId,
    result: "passed",
    inspector_id: "u_ada",
  });
  const created = JSON.stringify({
    token: demoTokens.write,
    equipmentType_id: "et_harness",
    serialNumber: "HN-DEMO-NEW",
    title: "A harness bought today",
    idempotency_key: demoCreateKey,
  });
  const postTo = (method: string, body: string) =>
    `curl ${k}-X POST '${url}${methodUrlPath(method)}' -H 'content-type: ${requestMediaType}' -d '${body}'`;
  return [
    `curl ${k}'${url}${methodUrlPath("users.info")}?${get}'`,
    postTo("equipments.list", post),
    postTo("inspections.record", inspection),
    postTo("equipments.create", created),
  ];
}
