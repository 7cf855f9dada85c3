import * as z from "zod";
import { durationWords } from "../durationText.js";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { maxPageSize } from "../pagination.js";
import { equipmentSchema } from "../records/equipment.js";
import { identifier } from "../records/primitives.js";
import { defineMethod } from "./defineMethod.js";
import { defaultEventsRetentionMs } from "./events.list.js";
import { createdHarness } from "./registerSamples.js";

/** How many changes an answer of `equipments.changes` holds at most when `limit` is not sent. */
export const changesPageSize = 100;

/**
 * Parameters of `equipments.changes`.
 *
 * @example
 * const params: EquipmentsChangesParams = { token, cursor: state.cursor, limit: 500 };
 * @see https://docs.wsafe.dev/methods/equipments.changes/
 */
export const equipmentsChangesParamsSchema = z
  .strictObject({
    ...requestEnvelopeShape,
    cursor: z
      .string()
      .min(1)
      .optional()
      .describe(
        "Where to go on: `next_cursor` of your previous answer, as it was. Opaque. Omitted: from the beginning, every equipment of the register. A cursor that was altered or is of another account answers `parameter_invalid`; one older than the changes the service keeps answers `cursor_expired` (start again without one).",
      ),
    limit: z
      .int()
      .min(1)
      .max(maxPageSize)
      .optional()
      .describe(
        `Most changes in this answer, 1 to ${maxPageSize}; default ${changesPageSize}. \`has_more\` says whether more are waiting.`,
      ),
  })
  .meta({
    id: "EquipmentsChangesParams",
    title: "equipments.changes parameters",
    description: "Request data of `equipments.changes`.",
  });

/** One entry of `equipments.changes`: an equipment that changed, as it is now, or null once gone. */
export const equipmentChangeSchema = z
  .object({
    id: identifier("The equipment that changed."),
    equipment: equipmentSchema
      .nullable()
      .describe(
        "The equipment as `equipments.list` returns it at the answer's instant (every field, statuses computed then); null when it is retired, or was never in the register as this token sees it: remove it from your copy.",
      ),
  })
  .meta({
    id: "EquipmentChange",
    title: "Equipment change",
    description:
      "An equipment that changed since the cursor: as it is now, or null when it left the register.",
  });

/** The result of `equipments.changes`. */
export const equipmentsChangesResultSchema = successEnvelope({
  changes: z
    .array(equipmentChangeSchema)
    .describe(
      "The equipment changed after the cursor, in the order of their latest change, each `id` at most once, at most `limit`.",
    ),
  next_cursor: z
    .string()
    .min(1)
    .describe(
      "The `cursor` to send next: after the last change of this answer. Always present, also when nothing changed: keep it and ask again later.",
    ),
  has_more: z
    .boolean()
    .describe(
      "True when more changes wait after `next_cursor`: ask again at once. False: you are up to date.",
    ),
}).meta({
  id: "EquipmentsChangesResult",
  title: "equipments.changes result",
  description: "Success body of `equipments.changes`.",
});

/** Request data of `equipments.changes`. */
export type EquipmentsChangesParams = z.input<typeof equipmentsChangesParamsSchema>;
/** Success body of `equipments.changes`. */
export type EquipmentsChangesResult = z.infer<typeof equipmentsChangesResultSchema>;
/** One entry of `equipments.changes`. */
export type EquipmentChange = z.infer<typeof equipmentChangeSchema>;

/** Registry entry of `equipments.changes`. */
export const equipmentsChanges = defineMethod({
  name: "equipments.changes",
  summary:
    "Returns what changed in the register since your last call, removals included: the feed that keeps a copy of it exact.",
  description: [
    "Returns the equipment of the token's account that changed after `cursor` (without one: every equipment of the register), each as `equipments.list` returns it at the answer's instant, or `equipment: null` when it was retired since (or was never in the register as this token sees it). Every type, in and out of service. Each `id` appears at most once per answer, in the order of its latest change; an equipment changed several times since the cursor appears once, as it is now.",
    "A change is anything that changes what `equipments.list` returns for the equipment: a write (`equipments.create`, `equipments.update`, `equipments.retire`, `schedules.set`, `schedules.remove`), an inspection, an import, and a change of status with time alone (a schedule's `expiringOn` or `expiresOn` reached), which puts the equipment in the feed at that instant.",
    '`next_cursor` is always present: after the last change answered, or, when nothing changed, where you are. `has_more: true` means more changes wait: ask again at once. A client that starts without a cursor and applies every answer in order (put each `equipment`, delete each `id` whose `equipment` is null) holds exactly what `equipments.list` over every type with `service_type: "all"` returns at the instant of its last answer, statuses included.',
    `The service keeps changes at least as long as its events (${durationWords(defaultEventsRetentionMs)} unless its operator set \`--events-retention\`): a cursor older than that answers \`cursor_expired\`; start again without a cursor and replace your copy. A cursor that was altered or is of another account answers \`parameter_invalid\`.`,
    "Needs a token with the `read` permission.",
  ].join("\n\n"),
  permission: "read",
  params: equipmentsChangesParamsSchema,
  result: equipmentsChangesResultSchema,
  ownErrors: ["cursor_expired"],
  feed: { entries: "changes", key: "id", record: "equipment" },
  examples: [
    {
      title: "Since the last call: the new harness was moved, and a ladder retired",
      illustrative: true,
      request: { token: "wsafe-demo-token-read", cursor: "djEuZXlKMklqb3hNamcwZlE.c2lnbmF0dXJl", limit: 100 },
      response: {
        ok: true,
        changes: [
          {
            id: "eq_5c1e8a7d2b9f4036",
            equipment: {
              ...createdHarness,
              fieldOffice_id: ["fo_north"],
              assignedUsers_id: ["u_edsger"],
              version: 2,
            },
          },
          { id: "eq_l_0012", equipment: null },
        ],
        next_cursor: "djEuZXlKMklqb3hNamcyZlE.c2lnbmF0dXJl",
        has_more: false,
      },
    },
    {
      title: "A cursor older than the changes the service keeps",
      illustrative: true,
      request: { token: "wsafe-demo-token-read", cursor: "djEuZXlKMklqb3hmUQ.c2lnbmF0dXJl" },
      response: {
        ok: false,
        error: "cursor_expired",
        description:
          "this cursor is older than the changes the service keeps (90 days): call equipments.changes without a cursor and replace your copy with what it returns",
      },
    },
    {
      title: "A cursor that was altered",
      request: { token: "wsafe-demo-token-read", cursor: "not-a-cursor" },
      response: {
        ok: false,
        error: "parameter_invalid",
        description: "invalid parameter: cursor: not a cursor of equipments.changes",
      },
    },
  ],
});
