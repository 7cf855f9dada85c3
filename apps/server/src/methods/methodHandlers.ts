import { equipmentsChanges } from "./equipmentsChanges.js";
import { equipmentsCreate } from "./equipmentsCreate.js";
import { equipmentsList } from "./equipmentsList.js";
import { equipmentsRetire } from "./equipmentsRetire.js";
import { equipmentsUpdate } from "./equipmentsUpdate.js";
import { equipmentTypesCreate } from "./equipmentTypesCreate.js";
import { equipmentTypesList } from "./equipmentTypesList.js";
import { equipmentTypesUpdate } from "./equipmentTypesUpdate.js";
import { eventsList } from "./eventsList.js";
import { inspectionsList } from "./inspectionsList.js";
import { inspectionsRecord } from "./inspectionsRecord.js";
import { keyedWrite, type MethodHandlerTable } from "./keyedWrite.js";
import { resourcesList } from "./resourcesList.js";
import { schedulesRemove } from "./schedulesRemove.js";
import { schedulesSet } from "./schedulesSet.js";
import { usersInfo } from "./usersInfo.js";
import { webhooksCreate } from "./webhooksCreate.js";
import { webhooksDelete } from "./webhooksDelete.js";
import { webhooksDeliveries } from "./webhooksDeliveries.js";
import { webhooksList } from "./webhooksList.js";
import { webhooksRedeliver } from "./webhooksRedeliver.js";
import { webhooksRotateSecret } from "./webhooksRotateSecret.js";

/**
 * The handler of every method of the registry, checked against it at compile time: a
 * method added to `@wsafe/schema` without a handler here does not build, and a handler
 * for a method the registry lacks is an error too. A write method's is its `WriteHandler`
 * inside `keyedWrite` (its idempotency key, its transaction): the table's type asks for
 * one under every name that writes, so a write cannot be listed without its key. The `/v1` pipeline calls them from here (its `method_lookups` step) and
 * the `/trpc` router is built from this object; nothing else lists the methods.
 */
export const methodHandlers = {
  "resources.list": resourcesList,
  "equipments.list": equipmentsList,
  "users.info": usersInfo,
  "equipmentTypes.list": equipmentTypesList,
  "events.list": eventsList,
  "webhooks.create": keyedWrite("webhooks.create", webhooksCreate),
  "webhooks.list": webhooksList,
  "webhooks.delete": keyedWrite("webhooks.delete", webhooksDelete),
  "webhooks.rotate_secret": keyedWrite("webhooks.rotate_secret", webhooksRotateSecret),
  "webhooks.deliveries": webhooksDeliveries,
  "webhooks.redeliver": keyedWrite("webhooks.redeliver", webhooksRedeliver),
  "inspections.record": keyedWrite("inspections.record", inspectionsRecord),
  "inspections.list": inspectionsList,
  "equipmentTypes.create": keyedWrite("equipmentTypes.create", equipmentTypesCreate),
  "equipmentTypes.update": keyedWrite("equipmentTypes.update", equipmentTypesUpdate),
  "equipments.create": keyedWrite("equipments.create", equipmentsCreate),
  "equipments.update": keyedWrite("equipments.update", equipmentsUpdate),
  "equipments.retire": keyedWrite("equipments.retire", equipmentsRetire),
  "equipments.changes": equipmentsChanges,
  "schedules.set": keyedWrite("schedules.set", schedulesSet),
  "schedules.remove": keyedWrite("schedules.remove", schedulesRemove),
} as const satisfies MethodHandlerTable;
