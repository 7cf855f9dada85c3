import type {
  Equipment,
  EquipmentField,
  EquipmentSelection,
  MethodName,
  MethodParams,
  MethodResult,
} from "@wsafe/schema";
import type { CallOptions } from "./ClientOptions.js";
import type { WithMeta } from "./ResponseMeta.js";

/**
 * The request data of a method as the client takes it: `token` is optional, because the
 * client supplies its own unless a call passes one.
 *
 * @example
 * const params: CallParams<"equipments.list"> = { equipmentType_id: "et_harness" };
 */
export type CallParams<Method extends MethodName> = Flatten<
  Omit<MethodParams<Method>, "token"> & { token?: string }
>;

/** One object type instead of an intersection, so that editors show the fields. */
type Flatten<Type> = { [Key in keyof Type]: Type[Key] };

/**
 * The arguments of a call: the request data (optional when the method needs none) and
 * the per-call options.
 *
 * @example
 * const args: CallArgs<"resources.list"> = [];
 */
export type CallArgs<Method extends MethodName> =
  Partial<CallParams<Method>> extends CallParams<Method>
    ? [params?: CallParams<Method>, options?: CallOptions]
    : [params: CallParams<Method>, options?: CallOptions];

/**
 * What a call resolves to: the success body of the method, with its response meta.
 *
 * @example
 * const result: CallResult<"users.info"> = await client.users.info({ user: "u_ada" });
 */
export type CallResult<Method extends MethodName> = WithMeta<MethodResult<Method>>;

/**
 * The equipment type that `columns` selects: every field when `columns` is left out or
 * empty, exactly the named fields when it is a literal tuple, and any subset otherwise.
 *
 * @example
 * type Row = SelectedEquipment<readonly ["id", "status"]>; // Pick<Equipment, "id" | "status">
 */
export type SelectedEquipment<Columns extends readonly EquipmentField[]> = number extends Columns["length"]
  ? EquipmentSelection
  : Columns["length"] extends 0
    ? Equipment
    : Pick<Equipment, Columns[number]>;
