import type * as z from "zod";
import { datasetSchema } from "./dataset.js";
import { errorResponseSchema } from "./envelope.js";
import { errorIdentifierSchema } from "./errors.js";
import { equipmentSchema, equipmentSelectionSchema } from "./records/equipment.js";
import { metavaluesSchema } from "./records/metavalue.js";
import { resourceSchema } from "./records/resource.js";
import { scheduleSchema } from "./records/schedule.js";
import { statusSchema } from "./records/status.js";
import { userSchema } from "./records/user.js";
import { versionSchema } from "./records/version.js";
import { methods } from "./registry.js";

/** A named schema of the catalog and which side of the wire it describes. */
export interface CatalogEntry {
  schema: z.ZodType;
  /** `input`: data a caller sends (defaults optional); `output`: data the service answers. */
  io: "input" | "output";
  /** What the payload is, for people. */
  description: string;
}

const recordEntries = {
  Resource: { schema: resourceSchema, io: "output", description: "A resource with its versions." },
  Version: { schema: versionSchema, io: "output", description: "One version of a resource." },
  Equipment: {
    schema: equipmentSchema,
    io: "output",
    description: "An equipment with statuses and schedules.",
  },
  EquipmentSelection: {
    schema: equipmentSelectionSchema,
    io: "output",
    description: "An equipment limited to the fields named in `columns`.",
  },
  Schedule: { schema: scheduleSchema, io: "output", description: "An inspection schedule with its status." },
  User: { schema: userSchema, io: "output", description: "A user of the account." },
  Status: { schema: statusSchema, io: "output", description: "An inspection status." },
  Metavalues: { schema: metavaluesSchema, io: "output", description: "Metafield id → value." },
  ErrorIdentifier: { schema: errorIdentifierSchema, io: "output", description: "An error identifier." },
  ErrorResponse: { schema: errorResponseSchema, io: "output", description: "The failure envelope." },
  Dataset: { schema: datasetSchema, io: "input", description: "A dataset to import." },
} as const satisfies Record<string, CatalogEntry>;

type MethodEntries = {
  [Name in keyof typeof methods as `${Name}.params`]: {
    schema: (typeof methods)[Name]["params"];
    io: "input";
    description: string;
  };
} & {
  [Name in keyof typeof methods as `${Name}.result`]: {
    schema: (typeof methods)[Name]["result"];
    io: "output";
    description: string;
  };
};

const methodEntries = Object.fromEntries(
  Object.values(methods).flatMap((method) => [
    [
      `${method.name}.params`,
      { schema: method.params, io: "input", description: `Request data of \`${method.name}\`.` },
    ],
    [
      `${method.name}.result`,
      { schema: method.result, io: "output", description: `Success body of \`${method.name}\`.` },
    ],
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
