import * as z from "zod";
import { identifier, timestamp } from "./primitives.js";

/** What each result of an inspection means for its schedule. */
export const inspectionResultMeanings = {
  passed:
    "The equipment passed: the schedule is renewed from `performed_at` (`lastCompletedOn`, and the next `expiresOn` and `expiringOn`).",
  failed:
    "The equipment failed: the schedule is `expired` from `performed_at` until a passed inspection is recorded (`lastCompletedOn` stays).",
} as const;

/**
 * The result of an inspection.
 *
 * @see https://docs.wsafe.dev/inspections/
 */
export const inspectionResultSchema = z
  .enum(
    Object.keys(inspectionResultMeanings) as [
      keyof typeof inspectionResultMeanings,
      ...(keyof typeof inspectionResultMeanings)[],
    ],
  )
  .meta({
    id: "InspectionResult",
    description: Object.entries(inspectionResultMeanings)
      .map(([result, meaning]) => `- \`${result}\`: ${meaning}`)
      .join("\n"),
  });

/** One of `passed`, `failed`. */
export type InspectionResult = z.infer<typeof inspectionResultSchema>;

/** The longest `notes` of an inspection: 10 000 characters. */
export const inspectionNotesMaxLength = 10_000;

/**
 * One inspection of one schedule of one equipment, as recorded through
 * `inspections.record`: the certification record (who inspected what, when, with which
 * result, and the next due date they set). Never edited or deleted, and not pruned with
 * events; a correction is a new inspection.
 *
 * @example
 * import { inspectionSchema } from "@wsafe/schema";
 * inspectionSchema.parse({
 *   id: "insp_8c1f0e2a9b3d4c5e", equipment_id: "eq_h_0001", equipmentType_id: "et_harness",
 *   schedule_id: "sch_annual", serialNumber: "HN-2019-0001", result: "passed",
 *   performed_at: 1796040000000, recorded_at: 1796043600000, inspector_id: "u_ada",
 *   notes: "Webbing and buckles fine.", expiresOn: 1827576000000, expiringOn: 1824984000000,
 * });
 * @see https://docs.wsafe.dev/records/inspection/
 */
export const inspectionSchema = z
  .object({
    id: identifier("Identifier of the inspection."),
    equipment_id: identifier("The equipment inspected."),
    equipmentType_id: identifier("The equipment's type when it was inspected."),
    schedule_id: identifier("The inspection schedule of the equipment this inspection was for."),
    serialNumber: z
      .string()
      .describe("The equipment's serial number when it was inspected: its identity on the certificate."),
    result: inspectionResultSchema,
    performed_at: timestamp("When the inspection was performed, as the inspector said."),
    recorded_at: timestamp("When the service recorded it."),
    inspector_id: identifier("The user who performed the inspection (the competent person)."),
    notes: z
      .string()
      .max(inspectionNotesMaxLength)
      .nullable()
      .describe("What the inspector wrote, at most 10 000 characters; null when nothing."),
    expiresOn: z
      .int()
      .nullable()
      .describe(
        "The schedule's `expiresOn` this inspection set: the next due date (`performed_at` itself for a failed one). Null when it moved no date (a late entry). Milliseconds since the Unix epoch.",
      ),
    expiringOn: z
      .int()
      .nullable()
      .describe(
        "The schedule's `expiringOn` this inspection set. Null when it moved no date (a late entry). Milliseconds since the Unix epoch.",
      ),
  })
  .meta({
    id: "Inspection",
    title: "Inspection",
    description:
      "One inspection of a schedule of an equipment, as recorded: the certification record. Never edited or deleted; a correction is a new inspection.",
  });

/** An inspection as recorded. */
export type Inspection = z.infer<typeof inspectionSchema>;
