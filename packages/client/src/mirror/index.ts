/**
 * A copy of the register kept exact through `equipments.changes`, removals included:
 * `mirrorEquipments`. A subpath of its own, so the client's main entry stays small.
 *
 * @example
 * import { mirrorEquipments } from "@wsafe/client/mirror";
 * const { register, cursor } = await mirrorEquipments(client);
 *
 * @packageDocumentation
 */

export {
  type MirrorChange,
  type MirrorOptions,
  type MirrorResult,
  mirrorEquipments,
} from "./mirrorEquipments.js";
