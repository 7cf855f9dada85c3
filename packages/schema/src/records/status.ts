import * as z from "zod";

/**
 * Inspection status of a schedule, and the overall status of an equipment.
 *
 * - `uptodate`: inspection current.
 * - `expiring`: inspection close to expiry (the current time has passed `expiringOn`).
 * - `expired`: inspection expired, or never completed.
 *
 * @example
 * statusSchema.parse("expiring"); // "expiring"
 */
export const statusSchema = z.enum(["uptodate", "expiring", "expired"]).meta({
  id: "Status",
  description:
    "Inspection status: `uptodate` (current), `expiring` (close to expiry) or `expired` (expired or never completed). Computed by the service at request time, never stored.",
});

/** One of `uptodate`, `expiring`, `expired`. */
export type Status = z.infer<typeof statusSchema>;
