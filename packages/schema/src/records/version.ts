import * as z from "zod";
import { identifier, timestamp } from "./primitives.js";

/**
 * One version of a resource (document).
 *
 * @see https://docs.wsafe.dev/records/version/
 */
export const versionSchema = z
  .object({
    creator_id: identifier("Identifier of the user who created the version."),
    created: timestamp("When the version was created."),
    approvedOn: timestamp("When the version was approved."),
    version: z
      .string()
      .regex(/^\d+(\.\d+)*$/, { error: "must be numbers separated by dots, such as 2.1 or 1.0.3" })
      .describe("Version label in dotted numeric form, such as `2.1` or `1.0.3`."),
    description: z.string().describe("What changed in this version."),
    type: z.enum(["file"]).describe("Kind of version. Only `file` occurs in /v1."),
  })
  .meta({ id: "Version", title: "Version", description: "One version of a resource (document)." });

/** One version of a resource. */
export type Version = z.infer<typeof versionSchema>;
