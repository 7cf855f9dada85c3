import type * as z from "zod";
import type { ErrorResponse } from "./envelope.js";
import { equipmentsChanges } from "./methods/equipments.changes.js";
import { equipmentsCreate } from "./methods/equipments.create.js";
import { equipmentsList } from "./methods/equipments.list.js";
import { equipmentsRetire } from "./methods/equipments.retire.js";
import { equipmentsUpdate } from "./methods/equipments.update.js";
import { equipmentTypesCreate } from "./methods/equipmentTypes.create.js";
import { equipmentTypesList } from "./methods/equipmentTypes.list.js";
import { equipmentTypesUpdate } from "./methods/equipmentTypes.update.js";
import { eventsList } from "./methods/events.list.js";
import { inspectionsList } from "./methods/inspections.list.js";
import { inspectionsRecord } from "./methods/inspections.record.js";
import { resourcesList } from "./methods/resources.list.js";
import { schedulesRemove } from "./methods/schedules.remove.js";
import { schedulesSet } from "./methods/schedules.set.js";
import { usersInfo } from "./methods/users.info.js";
import { webhooksCreate } from "./methods/webhooks.create.js";
import { webhooksDelete } from "./methods/webhooks.delete.js";
import { webhooksDeliveries } from "./methods/webhooks.deliveries.js";
import { webhooksList } from "./methods/webhooks.list.js";
import { webhooksRedeliver } from "./methods/webhooks.redeliver.js";
import { webhooksRotateSecret } from "./methods/webhooks.rotate_secret.js";

/**
 * The method registry of /v1: wire name → definition. Everything else (server routes,
 * client methods, OpenAPI paths, docs pages) is derived from it.
 *
 * @example
 * import { methods } from "@wsafe/schema";
 * methods["equipments.list"].params.parse(data);
 * @see https://docs.wsafe.dev/methods/
 */
export const methods = {
  "resources.list": resourcesList,
  "equipments.list": equipmentsList,
  "users.info": usersInfo,
  "equipmentTypes.list": equipmentTypesList,
  "events.list": eventsList,
  "webhooks.create": webhooksCreate,
  "webhooks.list": webhooksList,
  "webhooks.delete": webhooksDelete,
  "webhooks.rotate_secret": webhooksRotateSecret,
  "webhooks.deliveries": webhooksDeliveries,
  "webhooks.redeliver": webhooksRedeliver,
  "inspections.record": inspectionsRecord,
  "inspections.list": inspectionsList,
  "equipmentTypes.create": equipmentTypesCreate,
  "equipmentTypes.update": equipmentTypesUpdate,
  "equipments.create": equipmentsCreate,
  "equipments.update": equipmentsUpdate,
  "equipments.retire": equipmentsRetire,
  "schedules.set": schedulesSet,
  "schedules.remove": schedulesRemove,
  "equipments.changes": equipmentsChanges,
} as const;

/** The wire name of a /v1 method, e.g. `"equipments.list"`. */
export type MethodName = keyof typeof methods;

/** Every method name, in registry order. */
export const methodNames = Object.keys(methods) as MethodName[];

/**
 * Types of every method: `params` as a caller writes them, `result` as the service
 * answers, `errors` the identifiers that method's URL can answer with.
 *
 * @example
 * type Result = Methods["users.info"]["result"]; // { ok: true; user: User }
 */
export type Methods = {
  [Name in MethodName]: {
    params: z.input<(typeof methods)[Name]["params"]>;
    parsedParams: z.output<(typeof methods)[Name]["params"]>;
    result: z.output<(typeof methods)[Name]["result"]>;
    errors: (typeof methods)[Name]["errors"][number];
    /** The permission the token needs: `"read"`, or `"write"` for a method that writes. */
    permission: (typeof methods)[Name]["permission"];
  };
};

/** Request data of a method, as a caller writes it. */
export type MethodParams<Name extends MethodName> = Methods[Name]["params"];
/** Success body of a method. */
export type MethodResult<Name extends MethodName> = Methods[Name]["result"];
/** The error identifiers a method can answer with. */
export type MethodError<Name extends MethodName> = Methods[Name]["errors"];
/** The permission a method needs, `"read"` or `"write"`, as a literal type. */
export type MethodPermission<Name extends MethodName> = Methods[Name]["permission"];
/** Any body a method can answer with. */
export type MethodResponse<Name extends MethodName> =
  | MethodResult<Name>
  | (ErrorResponse & { error: MethodError<Name> });

/** Whether `name` is a /v1 method name (an own key of the registry, never a prototype key). */
export function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(methods, name);
}
