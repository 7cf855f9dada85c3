/**
 * What the response headers and the retry loop tell about one call: carried by every
 * result (read it with {@link getMeta}) and by every error (`err.meta`).
 *
 * @example
 * import { getMeta } from "@wsafe/client";
 * const result = await client.users.info({ user: "u_ada" });
 * console.log(getMeta(result).requestId); // "Zx81…", quote it to support
 */
export interface ResponseMeta {
  /** The `SVC-Request-ID` header of the last reply; undefined when no /v1 reply arrived (a proxy's page, a dropped connection). */
  readonly requestId: string | undefined;
  /** The `SVC-Response-Time` header of the last reply: milliseconds the server spent on it. */
  readonly responseTime: number | undefined;
  /** The HTTP status of the last reply; undefined when none arrived. */
  readonly status: number | undefined;
  /** How many HTTP requests the call made: 1, plus one per retry. */
  readonly attempts: number;
}

/**
 * The key of the non-enumerable property that holds a result's {@link ResponseMeta}.
 * Being a symbol, it never collides with a field of the wire body, and
 * `JSON.stringify(result)` or `toEqual` see the body alone.
 *
 * @example
 * import { responseMeta } from "@wsafe/client";
 * result[responseMeta].responseTime; // 3
 */
export const responseMeta: unique symbol = Symbol.for("@wsafe/client.meta");

/**
 * A result body that also carries its {@link ResponseMeta}.
 *
 * @example
 * const result: WithMeta<MethodResult<"users.info">> = await client.users.info({ user: "u_ada" });
 */
export type WithMeta<Body> = Body & { readonly [responseMeta]: ResponseMeta };

/**
 * Returns the request id, server time, HTTP status and attempt count of a call, from its
 * result or from the error it threw.
 *
 * @param value - a result of the client, or a `WsafeError`
 * @example
 * import { getMeta } from "@wsafe/client";
 * const { requestId, responseTime } = getMeta(await client.resources.list());
 */
export function getMeta(value: WithMeta<object> | { readonly meta: ResponseMeta }): ResponseMeta {
  return responseMeta in value ? value[responseMeta] : value.meta;
}
