// inspections.record's refusals over real HTTPS, on both stores: every bad input of issue
// 36 answers its documented identifier and description, over POST and GET, and writes
// nothing: no inspection, no date moved, no event, no idempotency key kept.
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callMethod } from "./support/callApi.js";
import { expectFailure } from "./support/expectFailure.js";
import { inspectedEquipment, inspectionSchedules, inspectionTokens } from "./support/inspectionDataset.js";
import { type InspectionServer, startInspectionServer } from "./support/inspectionServer.js";

const day = 86_400_000;
const [own, other] = [inspectionTokens(0), inspectionTokens(1)];
const { monthly, plain } = inspectionSchedules;

describe.each(testStores)("inspections.record refuses on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let t: InspectionServer;
  let now = 0;
  beforeAll(async () => {
    if (skip) return;
    db = await create();
    t = await startInspectionServer(db);
    now = t.now;
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await db?.drop();
  });
  const written = () => t.written();

  describe("the documented identifier, and nothing written", () => {
    const equipment = inspectedEquipment(0, 39);
    const cases: [string, () => object, string, string | RegExp][] = [
      [
        "an equipment that does not exist",
        () => ({ equipment_id: "eq_nope" }),
        "content_not_found",
        "schedule not found: sch_monthly of equipment eq_nope",
      ],
      [
        "another account's equipment",
        () => ({ equipment_id: inspectedEquipment(1, 0) }),
        "content_not_found",
        "schedule not found: sch_monthly of equipment eq_insp_1_0",
      ],
      [
        "a schedule the equipment has not",
        () => ({ schedule_id: "sch_nope" }),
        "content_not_found",
        "schedule not found: sch_nope of equipment eq_insp_0_39",
      ],
      [
        "an inspector of another account",
        () => ({ inspector_id: "u_insp_1" }),
        "content_not_found",
        "inspector not found: u_insp_1",
      ],
      [
        "an inspector that does not exist",
        () => ({ inspector_id: "u_nope" }),
        "content_not_found",
        "inspector not found: u_nope",
      ],
      [
        "an id with a NUL character",
        () => ({ inspector_id: "u\u0000" }),
        "content_not_found",
        /^inspector not found: /,
      ],
      [
        "a performed_at beyond the clock skew",
        () => ({ performed_at: Date.now() + 6 * 60_000 }),
        "parameter_invalid",
        /^invalid parameter: performed_at: .* by more than the 5 minutes a device's clock may run ahead/,
      ],
      [
        "an expiresOn not after performed_at",
        () => ({ performed_at: now - day, expiresOn: now - day }),
        "parameter_invalid",
        /^invalid parameter: expiresOn: .* is not after performed_at/,
      ],
      [
        "an expiringOn after expiresOn",
        () => ({ expiresOn: now + day, expiringOn: now + 2 * day }),
        "parameter_invalid",
        /^invalid parameter: expiringOn: .* is after expiresOn/,
      ],
      [
        "an expiringOn after the expiresOn the interval gives",
        () => ({ performed_at: now, expiringOn: now + 40 * day }),
        "parameter_invalid",
        /^invalid parameter: expiringOn: .* is after the expiresOn the schedule's interval P1M gives/,
      ],
      [
        "next dates on a failed inspection",
        () => ({ result: "failed", expiresOn: now + day }),
        "parameter_invalid",
        /^invalid parameter: expiresOn: a failed inspection sets no next date/,
      ],
      [
        "a schedule without interval, and no expiresOn",
        () => ({ schedule_id: plain }),
        "parameter_missing",
        /^missing parameter: expiresOn: the schedule has no interval/,
      ],
      ["a result not of /v1", () => ({ result: "ok" }), "parameter_invalid", /^invalid parameter: result/],
      [
        "no inspector",
        () => ({ inspector_id: undefined }),
        "parameter_missing",
        "missing parameter: inspector_id",
      ],
      [
        "an unknown parameter",
        () => ({ inspector: "u_insp_0" }),
        "parameter_unexpected",
        "unexpected parameter: inspector",
      ],
      [
        "notes over 10 000 characters",
        () => ({ notes: "x".repeat(10_001) }),
        "parameter_invalid",
        /^invalid parameter: notes/,
      ],
      [
        "notes with a NUL character",
        () => ({ notes: "a\u0000b" }),
        "parameter_invalid",
        /^invalid parameter: notes/,
      ],
      [
        "a fractional performed_at",
        () => ({ performed_at: now + 0.5 }),
        "parameter_invalid",
        /^invalid parameter: performed_at/,
      ],
      [
        "an idempotency key of 256 characters",
        () => ({ idempotency_key: "k".repeat(256) }),
        "parameter_invalid",
        /^invalid parameter: idempotency_key/,
      ],
      [
        "an idempotency key that is not printable ASCII",
        () => ({ idempotency_key: "clé" }),
        "parameter_invalid",
        /^invalid parameter: idempotency_key/,
      ],
    ];

    it.skipIf(skip).each(cases)("%s", async (_title, params, error, description) => {
      const before = await written();
      for (const httpMethod of ["POST", "GET"] as const) {
        const answer = await callMethod(t.server.url, httpMethod, "inspections.record", {
          token: own.write,
          equipment_id: equipment,
          schedule_id: monthly,
          result: "passed",
          inspector_id: "u_insp_0",
          idempotency_key: `refused-${httpMethod}-${Math.random()}`,
          ...params(),
        });
        expectFailure(answer, error, description);
      }
      expect(await written()).toEqual(before);
    });

    it.skipIf(skip)("a read token: token_permission, over GET and POST", async () => {
      const before = await written();
      for (const httpMethod of ["POST", "GET"] as const) {
        const answer = await callMethod(t.server.url, httpMethod, "inspections.record", {
          token: own.read,
          equipment_id: equipment,
          schedule_id: monthly,
          result: "passed",
          inspector_id: "u_insp_0",
        });
        expectFailure(answer, "token_permission", "the token lacks the write permission");
      }
      expect(await written()).toEqual(before);
    });

    it.skipIf(skip)(
      "another account's write token on this account's equipment: content_not_found",
      async () => {
        const before = await written();
        const answer = await callMethod(t.server.url, "POST", "inspections.record", {
          token: other.write,
          equipment_id: equipment,
          schedule_id: monthly,
          result: "passed",
          inspector_id: "u_insp_1",
        });
        expectFailure(
          answer,
          "content_not_found",
          "schedule not found: sch_monthly of equipment eq_insp_0_39",
        );
        expect(await written()).toEqual(before);
      },
    );
  });
});
