import { equipmentsList } from "./equipmentsList.js";
import { equipmentTypesList } from "./equipmentTypesList.js";
import { eventsList } from "./eventsList.js";
import { inspectionsList } from "./inspectionsList.js";
import { inspectionsRecord } from "./inspectionsRecord.js";
import { methodHandlersOf } from "./keyedWrite.js";
import type { MethodHandlers } from "./MethodHandler.js";
import { resourcesList } from "./resourcesList.js";
import { usersInfo } from "./usersInfo.js";
import type { MethodHandlerDefinitions } from "./WriteHandler.js";
import { webhooksCreate } from "./webhooksCreate.js";
import { webhooksDelete } from "./webhooksDelete.js";
import { webhooksDeliveries } from "./webhooksDeliveries.js";
import { webhooksList } from "./webhooksList.js";
import { webhooksRedeliver } from "./webhooksRedeliver.js";
import { webhooksRotateSecret } from "./webhooksRotateSecret.js";

/**
 * The handler of every method of the registry, checked against it at compile time: a
 * method added to `@wsafe/schema` without a handler here does not build, and a handler
 * for a method the registry lacks is an error too. A write method's is a `WriteHandler`,
 * run inside `keyedWrite` (its idempotency key, its transaction) because the registry
 * says it writes. The `/v1` pipeline calls them from here (its `method_lookups` step) and
 * the `/trpc` router is built from this object; nothing else lists the methods.
 */
export const methodHandlers: MethodHandlers = methodHandlersOf({
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
} satisfies MethodHandlerDefinitions);
