import type {
  EquipmentField,
  EquipmentSelection,
  MethodName,
  MethodParams,
  MethodResult,
} from "@wsafe/schema";
import type { CallArgs, CallParams, CallResult, SelectedEquipment } from "./CallTypes.js";
import type { CallOptions } from "./ClientOptions.js";
import type { Paginate } from "./Pages.js";
import type { WithMeta } from "./ResponseMeta.js";

type IsExactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The result with each `EquipmentSelection[]` field narrowed to the selected rows. */
type WithSelectedRows<Result, Row> = {
  [Key in keyof Result]: IsExactly<Result[Key], EquipmentSelection[]> extends true ? Row[] : Result[Key];
};

type ColumnsParams<Method extends MethodName, Columns> = Omit<CallParams<Method>, "columns"> & {
  columns?: Columns;
};

/** A method that takes `columns`: its rows are narrowed to the columns passed as a literal tuple. */
type ColumnsMethod<Method extends MethodName> =
  Partial<CallParams<Method>> extends CallParams<Method>
    ? <const Columns extends readonly EquipmentField[] = readonly []>(
        params?: ColumnsParams<Method, Columns>,
        options?: CallOptions,
      ) => Promise<WithMeta<WithSelectedRows<MethodResult<Method>, SelectedEquipment<Columns>>>>
    : <const Columns extends readonly EquipmentField[] = readonly []>(
        params: ColumnsParams<Method, Columns>,
        options?: CallOptions,
      ) => Promise<WithMeta<WithSelectedRows<MethodResult<Method>, SelectedEquipment<Columns>>>>;

/**
 * The function that calls one method: `client.users.info` is a `MethodFunction<"users.info">`.
 *
 * @example
 * const info: MethodFunction<"users.info"> = client.users.info;
 * const { user } = await info({ user: "u_ada" });
 */
export type MethodFunction<Method extends MethodName> = "columns" extends keyof MethodParams<Method>
  ? ColumnsMethod<Method>
  : (...args: CallArgs<Method>) => Promise<CallResult<Method>>;

type Head<Name extends string> = Name extends `${infer First}.${string}` ? First : Name;
type Rest<Name extends string, First extends string> = Name extends `${First}.${infer Tail}` ? Tail : never;

/**
 * The methods under a wire-name prefix, one object per dotted segment:
 * `"equipments.list"` becomes `equipments.list(...)`.
 *
 * @example
 * type Equipments = MethodTree<MethodName>["equipments"]; // { list: MethodFunction<"equipments.list"> }
 */
export type MethodTree<Names extends string, Prefix extends string = ""> = {
  readonly [First in Head<Names>]: [Rest<Names, First>] extends [never]
    ? MethodFunction<Extract<`${Prefix}${First}`, MethodName>>
    : MethodTree<Rest<Names, First>, `${Prefix}${First}.`>;
};

/**
 * The client: one function per method of the registry, namespaced by its wire name, plus
 * the generic `call` and `paginate`.
 *
 * @example
 * const client: WsafeClient = createClient({ baseUrl, token });
 * await client.equipments.list({ equipmentType_id: "et_harness" });
 * await client.call("equipments.list", { equipmentType_id: "et_harness" });
 * @see https://docs.wsafe.dev/client/
 */
export type WsafeClient = MethodTree<MethodName> & {
  /**
   * Calls a method by its wire name.
   *
   * @example
   * const { user } = await client.call("users.info", { user: "u_ada" });
   */
  call<Method extends MethodName>(method: Method, ...args: CallArgs<Method>): Promise<CallResult<Method>>;
  /**
   * Walks a paginated method's pages, following `next_cursor` until `""`: iterate the
   * pages, or their records with `items()`, or collect them with `all()`.
   *
   * @example
   * const types = await client.paginate("equipmentTypes.list").all();
   * @see https://docs.wsafe.dev/pagination/
   */
  paginate: Paginate;
};
