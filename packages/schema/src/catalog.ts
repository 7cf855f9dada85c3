import type * as z from "zod";
import { datasetSchema } from "./dataset.js";
import { errorResponseSchema } from "./envelope.js";
import { errorIdentifierSchema } from "./errors.js";
import { responseMetadataSchema } from "./pagination.js";
import { equipmentSchema, equipmentSelectionSchema } from "./records/equipment.js";
import { equipmentTypeSchema, metafieldSchema } from "./records/equipmentType.js";
import { eventCauseSchema, eventSchema, eventTypeSchema } from "./records/event.js";
import { inspectionResultSchema, inspectionSchema } from "./records/inspection.js";
import { metavaluesSchema } from "./records/metavalue.js";
import { resourceSchema } from "./records/resource.js";
import { scheduleSchema } from "./records/schedule.js";
import { statusSchema } from "./records/status.js";
import { userSchema } from "./records/user.js";
import { versionSchema } from "./records/version.js";
import {
  webhookDeliverySchema,
  webhookSchema,
  webhookSecretSchema,
  webhookStateSchema,
} from "./records/webhook.js";
import { methods } from "./registry.js";
import { eventsStreamParamsSchema } from "./streams/events.stream.js";

/** A named schema of the catalog and which side of the wire it describes. */
export interface CatalogEntry {
  schema: z.ZodType;
  /** `input`: data a caller sends (defaults optional); `output`: data the service answers. */
  io: "input" | "output";
  /** What the payload is, for people: the schema's own `.meta()` description. */
  description: string;
  /**
   * The slug of the docs page that shows the record (`/records/<page>/`); absent for
   * payloads shown elsewhere (the dataset, the envelopes, each method's page).
   */
  page?: string;
}

function describe(schema: z.ZodType): string {
  const description = schema.meta()?.description;
  if (typeof description !== "string") throw new Error("every catalog schema needs a .meta description");
  return description;
}

/** A catalog entry whose description is the schema's own, so the two cannot drift. */
function entry<
  Schema extends z.ZodType,
  Io extends CatalogEntry["io"],
  Page extends string | undefined = undefined,
>(schema: Schema, io: Io, page?: Page): { schema: Schema; io: Io; description: string; page: Page } {
  return { schema, io, description: describe(schema), page: page as Page };
}

const recordEntries = {
  Resource: entry(resourceSchema, "output", "resource"),
  Version: entry(versionSchema, "output", "version"),
  Equipment: entry(equipmentSchema, "output", "equipment"),
  EquipmentSelection: entry(equipmentSelectionSchema, "output", "equipment"),
  Schedule: entry(scheduleSchema, "output", "schedule"),
  User: entry(userSchema, "output", "user"),
  Status: entry(statusSchema, "output", "status"),
  Metavalues: entry(metavaluesSchema, "output", "metavalues"),
  EquipmentType: entry(equipmentTypeSchema, "output", "equipmenttype"),
  Metafield: entry(metafieldSchema, "output", "equipmenttype"),
  Event: entry(eventSchema, "output", "event"),
  EventType: entry(eventTypeSchema, "output", "event"),
  EventCause: entry(eventCauseSchema, "output", "event"),
  Inspection: entry(inspectionSchema, "output", "inspection"),
  InspectionResult: entry(inspectionResultSchema, "output", "inspection"),
  Webhook: entry(webhookSchema, "output", "webhook"),
  WebhookState: entry(webhookStateSchema, "output", "webhook"),
  WebhookSecret: entry(webhookSecretSchema, "output", "webhook"),
  WebhookDelivery: entry(webhookDeliverySchema, "output", "webhook"),
  ResponseMetadata: entry(responseMetadataSchema, "output"),
  ErrorIdentifier: entry(errorIdentifierSchema, "output"),
  ErrorResponse: entry(errorResponseSchema, "output"),
  Dataset: entry(datasetSchema, "input"),
  "events.stream.params": entry(eventsStreamParamsSchema, "input"),
} as const satisfies Record<string, CatalogEntry>;

type MethodEntries = {
  [Name in keyof typeof methods as `${Name}.params`]: {
    schema: (typeof methods)[Name]["params"];
    io: "input";
    description: string;
    page: undefined;
  };
} & {
  [Name in keyof typeof methods as `${Name}.result`]: {
    schema: (typeof methods)[Name]["result"];
    io: "output";
    description: string;
    page: undefined;
  };
};

const methodEntries = Object.fromEntries(
  Object.values(methods).flatMap((method) => [
    [`${method.name}.params`, entry(method.params, "input")],
    [`${method.name}.result`, entry(method.result, "output")],
  ]),
) as unknown as MethodEntries;

/**
 * Every payload that can be validated by name, and published as a JSON Schema file
 * `json-schema/<name>.json`: the records, the envelopes, the dataset, and each
 * method's `<method>.params` and `<method>.result`.
 */
export const schemaCatalog = { ...recordEntries, ...methodEntries } as typeof recordEntries & MethodEntries;

/** The name of a payload in {@link schemaCatalog}, e.g. `"Equipment"` or `"equipments.list.result"`. */
export type SchemaName = keyof typeof schemaCatalog;

/** Every catalog name. */
export const schemaNames = Object.keys(schemaCatalog) as SchemaName[];

/** The type of a valid payload of the named schema (after defaults are applied). */
export type SchemaOutput<Name extends SchemaName> = z.output<(typeof schemaCatalog)[Name]["schema"]>;

/** Whether `name` names a catalog schema. */
export function isSchemaName(name: string): name is SchemaName {
  return Object.hasOwn(schemaCatalog, name);
}

/** The slug of the docs page of a catalog record, or undefined when it has none. */
export function recordPage(name: string): string | undefined {
  return isSchemaName(name) ? schemaCatalog[name].page : undefined;
}
